"""Download real sglang releases from PyPI and extract their Python sources.

Cache layout (outside the repository)::

    ${KVGUARD_CACHE:-~/.cache/kvguard}/
        wheels/sglang-<V>-*.whl | sglang-<V>.tar.gz   (pip download --no-deps; removed
                                                       once extracted)
        corpus/<V>/sglang/**/*.py                      (extracted sources)
        corpus/<V>/.kvguard-extracted                  (stamp: archive name + file count)

Nothing is downloaded twice: a release that ``scripts/setup_sglang_envs.sh`` already installed
(an overlay under ``envs/sglang-<V>/``) is taken from there, each file checked against the
installed RECORD's sha256 and hard-linked (no second copy on disk); the others are downloaded
once, extracted (a file equal to the same file of another extracted release is linked to it),
and their archive removed. Extraction is atomic: files go to a temporary
sibling directory which is renamed into place after the stamp is written, so an interrupted
run never leaves a half tree that later looks complete; a lock file serialises concurrent
runs (pytest-xdist workers) on one release.

Usable as a library (``ensure_tree(version) -> Path``, used by the tests and by
``benchmarks/corpus.py``) and as a script::

    python benchmarks/sglang_wheels.py 0.5.12.post1 0.5.23 sglang-kt==0.7.2
    python benchmarks/sglang_wheels.py --all
"""

from __future__ import annotations

import argparse
import base64
import csv
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Iterable, Optional

RELEASES: tuple[str, ...] = (
    "0.5.2",
    "0.5.5",
    "0.5.8",
    "0.5.9",
    "0.5.10.post1",
    "0.5.11",
    "0.5.12",
    "0.5.12.post1",
    "0.5.13",
    "0.5.13.post1",
    "0.5.14",
    "0.5.16",
    "0.5.18",
    "0.5.20",
    "0.5.22",
    "0.5.23",
)

# PyPI forks that ship the ``sglang`` package under another distribution name, as
# ``<distribution>==<version>`` (kept out of RELEASES: the API model is upstream's).
# sglang-kt 0.7.2: built on upstream main of late February 2026, no ``_version.py``.
FORKS: tuple[str, ...] = ("sglang-kt==0.7.2",)
CORPUS: tuple[str, ...] = RELEASES + FORKS

STAMP = ".kvguard-extracted"


def cache_root() -> Path:
    env = os.environ.get("KVGUARD_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "kvguard"


def wheels_dir() -> Path:
    return cache_root() / "wheels"


def corpus_dir() -> Path:
    return cache_root() / "corpus"


def _log(msg: str, quiet: bool) -> None:
    if not quiet:
        print(f"[sglang_wheels] {msg}", file=sys.stderr, flush=True)


def _norm(version: str) -> str:
    return version.strip()


def split(key: str) -> tuple[str, str]:
    """(distribution, version) of a corpus key: ``0.5.9`` -> ("sglang", "0.5.9"),
    ``sglang-kt==0.7.2`` -> ("sglang-kt", "0.7.2")."""
    dist, sep, version = _norm(key).partition("==")
    return (dist, version) if sep else ("sglang", dist)


def _file_stem(key: str) -> str:
    """The wheel / sdist file-name prefix of a corpus key (``sglang_kt-0.7.2``)."""
    dist, version = split(key)
    return f"{dist.replace('-', '_')}-{version}"


def find_archive(version: str) -> Optional[Path]:
    """The cached wheel (preferred) or sdist for ``version``, if any."""
    d = wheels_dir()
    if not d.is_dir():
        return None
    stem = _file_stem(version)
    wheels = sorted(d.glob(f"{stem}-*.whl"))
    if wheels:
        return wheels[0]
    for ext in (".tar.gz", ".zip"):
        for name in {stem, f"{split(version)[0]}-{split(version)[1]}"}:
            p = d / f"{name}{ext}"
            if p.is_file():
                return p
    return None


def _pip_download(version: str, dest: Path, extra: list[str], quiet: bool) -> bool:
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--disable-pip-version-check",
        "--progress-bar",
        "off" if quiet else "on",
        "-d",
        str(dest),
        "{}=={}".format(*split(version)),
        *extra,
    ]
    _log("$ " + " ".join(cmd[2:]), quiet)
    res = subprocess.run(
        cmd,
        stdout=subprocess.DEVNULL if quiet else None,
        stderr=subprocess.PIPE,
        text=True,
    )
    if res.returncode != 0:
        _log(f"pip download failed ({res.returncode}): {res.stderr.strip()[-400:]}", quiet)
        return False
    return True


def ensure_archive(version: str, quiet: bool = False) -> Path:
    """Download sglang==version (or a fork's ``dist==version``; no dependencies) into the
    wheel cache, once."""
    version = _norm(version)
    found = find_archive(version)
    if found is not None:
        return found
    dest = wheels_dir()
    dest.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    spec = "{}=={}".format(*split(version))
    _log(f"downloading {spec} ...", quiet)
    attempts = [
        ["--only-binary=:all:"],
        [
            "--only-binary=:all:",
            "--python-version",
            "3.11",
            "--platform",
            "manylinux_2_28_x86_64",
            "--implementation",
            "cp",
        ],
        ["--no-binary=:all:"],
    ]
    for extra in attempts:
        if _pip_download(version, dest, extra, quiet):
            found = find_archive(version)
            if found is not None:
                size = found.stat().st_size / 1e6
                _log(
                    f"{spec}: {found.name} ({size:.1f} MB) in " f"{time.monotonic() - t0:.1f}s",
                    quiet,
                )
                return found
    raise RuntimeError(f"could not download {spec} from PyPI")


def _wanted(member: str) -> Optional[str]:
    """Map an archive member name to its path under the tree, or None.

    Wheels hold ``sglang/...``; sdists hold ``sglang-V/python/sglang/...`` or
    ``sglang-V/sglang/...``.
    """
    if not member.endswith(".py"):
        return None
    parts = member.replace("\\", "/").split("/")
    try:
        i = parts.index("sglang")
    except ValueError:
        return None
    rel = parts[i:]
    if any(p in ("", ".", "..") for p in rel):
        return None
    return "/".join(rel)


def _extract(archive: Path, into: Path) -> int:
    n = 0
    if archive.suffix == ".whl" or archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                if info.is_dir():
                    continue
                rel = _wanted(info.filename)
                if rel is None:
                    continue
                out = into / rel
                out.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(info) as src, open(out, "wb") as dst:
                    shutil.copyfileobj(src, dst)
                n += 1
    else:
        with tarfile.open(archive) as tf:
            for m in tf.getmembers():
                if not m.isfile():
                    continue
                rel = _wanted(m.name)
                if rel is None:
                    continue
                out = into / rel
                out.parent.mkdir(parents=True, exist_ok=True)
                src = tf.extractfile(m)
                assert src is not None
                with src, open(out, "wb") as dst:
                    shutil.copyfileobj(src, dst)
                n += 1
    return n


def tree_path(version: str) -> Path:
    return corpus_dir() / _norm(version).replace("==", "-")


def is_extracted(version: str) -> bool:
    return (tree_path(version) / STAMP).is_file()


def installed_copy(version: str) -> Optional[Path]:
    """The ``sglang-<version>.dist-info`` of an overlay ``setup_sglang_envs.sh`` installed, if
    any (its site directory holds the release's files, as the wheel has them)."""
    env = cache_root() / "envs" / f"sglang-{version}"
    info = env / f"sglang-{version}.dist-info"
    if (env / ".kvguard-stamp").is_file() and (info / "RECORD").is_file():
        return info
    return None


def _from_installed(info: Path, into: Path) -> int:
    """Link (or copy) the release's ``sglang/**/*.py`` from an installed copy, each file checked
    against the RECORD's sha256 (a file changed after installation is an error)."""
    site = info.parent
    n = 0
    with open(info / "RECORD", newline="", encoding="utf-8") as handle:
        for row in csv.reader(handle):
            if not row or len(row) < 2:
                continue
            rel = _wanted(row[0])
            if rel is None or not row[0].startswith("sglang/"):
                continue
            src, out = site / row[0], into / rel
            algo, _, digest = row[1].partition("=")
            data = src.read_bytes()
            got = base64.urlsafe_b64encode(hashlib.new(algo, data).digest()).rstrip(b"=")
            if got.decode() != digest:
                raise RuntimeError(f"{src}: differs from the installed RECORD")
            out.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(src, out)
            except OSError:  # another file system
                out.write_bytes(data)
            n += 1
    return n


def _link_unchanged(tree: Path) -> None:
    """Hard-link each extracted file to the same file of another extracted release when the
    bytes are equal (most of a release's files do not change from one release to the next)."""
    others = [p for p in corpus_dir().iterdir() if (p / STAMP).is_file()]
    for path in tree.rglob("*.py"):
        rel = path.relative_to(tree)
        size = path.stat().st_size
        for other in others:
            twin = other / rel
            try:
                if twin.stat().st_size != size or twin.read_bytes() != path.read_bytes():
                    continue
                os.link(twin, f"{path}.link")
                os.replace(f"{path}.link", path)
            except OSError:
                continue
            break


def ensure_tree(version: str, quiet: bool = False) -> Path:
    """Return ``corpus/<version>`` (which contains ``sglang/``), taking the release from an
    installed overlay or downloading and extracting it first if needed."""
    version = _norm(version)
    final = tree_path(version)
    if (final / STAMP).is_file():
        return final
    corpus_dir().mkdir(parents=True, exist_ok=True)
    with open(corpus_dir() / f".{version}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process may be extracting it right now
        if (final / STAMP).is_file():
            return final
        return _build_tree(version, final, quiet)


def _build_tree(version: str, final: Path, quiet: bool) -> Path:
    info = installed_copy(version)
    archive = None if info is not None else ensure_archive(version, quiet=quiet)
    tmp = Path(tempfile.mkdtemp(prefix=f".{version}.tmp-", dir=corpus_dir()))
    try:
        t0 = time.monotonic()
        if info is not None:
            n = _from_installed(info, tmp)
        else:
            n = _extract(archive, tmp)
            _link_unchanged(tmp)
        source = info.parent.name if info is not None else archive.name
        if n == 0:
            raise RuntimeError(f"{source}: no sglang/**/*.py found")
        (tmp / STAMP).write_text(
            json.dumps({"version": version, "archive": source, "py_files": n}) + "\n"
        )
        if final.exists():  # stale, unstamped leftovers from an older layout
            shutil.rmtree(final)
        os.replace(tmp, final)
        _log(f"{version}: {n} .py files from {source} in {time.monotonic() - t0:.1f}s", quiet)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if archive is not None:
        archive.unlink(missing_ok=True)  # extracted: the archive is not needed again
    return final


def ensure_trees(versions: Iterable[str], quiet: bool = False) -> dict[str, Path]:
    versions = list(versions)
    out: dict[str, Path] = {}
    for i, v in enumerate(versions, 1):
        _log(f"({i}/{len(versions)}) {v if '==' in v else 'sglang ' + v}", quiet)
        out[v] = ensure_tree(v, quiet=quiet)
    return out


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("versions", nargs="*", help="sglang versions (default: --all)")
    ap.add_argument("--all", action="store_true", help="every release in RELEASES and FORKS")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    versions = args.versions or list(CORPUS)
    for v, p in ensure_trees(versions, quiet=args.quiet).items():
        print(f"{v}\t{p}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
