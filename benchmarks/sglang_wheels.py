"""Download real sglang releases from PyPI and extract their Python sources.

Cache layout (outside the repository)::

    ${KVGUARD_CACHE:-~/.cache/kvguard}/
        wheels/sglang-<V>-*.whl | sglang-<V>.tar.gz   (pip download --no-deps)
        corpus/<V>/sglang/**/*.py                      (extracted sources)
        corpus/<V>/.kvguard-extracted                  (stamp: archive name + file count)

Extraction is atomic: files go to a temporary sibling directory which is renamed
into place after the stamp is written, so an interrupted run never leaves a half
tree that later looks complete.

Usable as a library (``ensure_tree(version) -> Path``, used by the tests and by
``benchmarks/corpus.py``) and as a script::

    python benchmarks/sglang_wheels.py 0.5.12.post1 0.5.23 sglang-kt==0.7.2
    python benchmarks/sglang_wheels.py --all
"""

from __future__ import annotations

import argparse
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


def ensure_tree(version: str, quiet: bool = False) -> Path:
    """Return ``corpus/<version>`` (which contains ``sglang/``), downloading and
    extracting the release first if needed."""
    version = _norm(version)
    final = tree_path(version)
    if (final / STAMP).is_file():
        return final
    archive = ensure_archive(version, quiet=quiet)
    corpus_dir().mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{version}.tmp-", dir=corpus_dir()))
    try:
        t0 = time.monotonic()
        n = _extract(archive, tmp)
        if n == 0:
            raise RuntimeError(f"{archive.name}: no sglang/**/*.py found")
        (tmp / STAMP).write_text(
            json.dumps({"version": version, "archive": archive.name, "py_files": n}) + "\n"
        )
        if final.exists():  # stale, unstamped leftovers from an older layout
            shutil.rmtree(final)
        os.replace(tmp, final)
        _log(f"{version}: extracted {n} .py files in {time.monotonic() - t0:.1f}s", quiet)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
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
