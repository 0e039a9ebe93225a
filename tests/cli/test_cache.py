"""Result cache: hits, invalidation (content, config, tool version), racy entries, corruption."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from .conftest import BUGGY, CLEAN, REPO, write


def stats(run) -> dict:
    m = re.search(r"(\d+) files: (\d+) cached, (\d+) prefiltered, (\d+) parsed", run.err)
    assert m, run
    return dict(zip(("files", "cached", "prefiltered", "parsed"), map(int, m.groups())))


def age(path: Path, seconds: float = 60) -> None:
    """Make a file's mtime old enough that cache entries for it are not racy."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - int(seconds * 1e9)))


def make_tree(project: Path) -> list[Path]:
    files = [write(project, "b.py", BUGGY), write(project, "c.py", CLEAN)]
    files += [write(project, f"pkg/m{i}.py", f"x = {i}\n") for i in range(5)]
    for f in files:
        age(f)
    return files


def test_second_run_is_served_from_cache(kv, project):
    make_tree(project)
    first = kv("check", "-v", "--output-format", "json")
    s1 = stats(first)
    assert s1["files"] == 7 and s1["cached"] == 0 and s1["parsed"] >= 1
    second = kv("check", "-v", "--output-format", "json")
    assert stats(second) == {"files": 7, "cached": 7, "prefiltered": 0, "parsed": 0}
    assert second.out == first.out and second.rc == first.rc == 1
    cache_dir = project / ".kvguard_cache"
    assert (cache_dir / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (cache_dir / "CACHEDIR.TAG").exists()


def test_no_cache_reads_and_writes_nothing(kv, project):
    make_tree(project)
    run = kv("check", "-v", "--no-cache")
    assert stats(run)["cached"] == 0
    assert not (project / ".kvguard_cache").exists()


def test_content_change_invalidates(kv, project):
    files = make_tree(project)
    kv("check")
    clean = files[1]
    clean.write_text(BUGGY, encoding="utf-8")
    run = kv("check", "-v", "--output-format", "json")
    assert stats(run)["cached"] == 6
    assert {Path(i["filename"]).name for i in json.loads(run.out)} == {"b.py", "c.py"}


def test_racy_entry_is_rehashed(kv, project):
    """Same size, same mtime, different bytes, written right after the cache entry: the stat
    shortcut must not be trusted for an entry written within the racy window."""
    size = max(len(BUGGY), len(CLEAN)) + 8
    clean = CLEAN.encode() + b"#" * (size - len(CLEAN) - 1) + b"\n"
    buggy = BUGGY.encode() + b"#" * (size - len(BUGGY) - 1) + b"\n"
    path = write(project, "b.py", clean)
    st = path.stat()
    assert kv("check").rc == 0
    path.write_bytes(buggy)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    now = path.stat()
    assert (now.st_mtime_ns, now.st_size, now.st_ino) == (st.st_mtime_ns, st.st_size, st.st_ino)
    run = kv("check", "-v", "--output-format", "json")
    assert run.rc == 1, run
    assert stats(run)["cached"] == 0


def test_touch_without_change_is_a_hash_hit(kv, project):
    files = make_tree(project)
    kv("check")
    for f in files:
        os.utime(f)  # new mtime, same bytes
        age(f, 30)
    run = kv("check", "-v")
    s = stats(run)
    # Parsed files are recognised by content hash; nothing is parsed again.
    assert s["parsed"] == 0 and s["cached"] >= 1


def test_config_change_invalidates(kv, project):
    make_tree(project)
    kv("check")
    assert stats(kv("check", "-v"))["cached"] == 7
    assert stats(kv("check", "-v", "--select", "KVG001"))["cached"] == 0
    (project / "pyproject.toml").write_text(
        "[tool.kvguard]\nignore = ['KVG003']\n", encoding="utf-8"
    )
    run = kv("check", "-v", "--output-format", "json")
    assert stats(run)["cached"] == 0
    assert [i["code"] for i in json.loads(run.out)] == ["KVG001", "KVG002"]


def test_tool_version_change_invalidates(project, tmp_path_factory):
    """A copy of the package whose only difference is __version__ (same size and mtime of
    every source file) must not reuse the other version's results."""
    make_tree(project)
    pkgroot = tmp_path_factory.mktemp("tool")
    shutil.copytree(
        REPO / "lint_rules",
        pkgroot / "lint_rules",
        ignore=shutil.ignore_patterns("__pycache__"),
        copy_function=shutil.copy2,
    )
    env = {"PYTHONPATH": str(pkgroot)}

    def run(*args):
        import subprocess
        import sys

        e = dict(os.environ, **env)
        p = subprocess.run(
            [sys.executable, "-m", "lint_rules", *args],
            cwd=project,
            capture_output=True,
            text=True,
            env=e,
        )
        return type("R", (), {"rc": p.returncode, "out": p.stdout, "err": p.stderr})()

    run("check")
    assert stats(run("check", "-v"))["cached"] == 7
    init = pkgroot / "lint_rules" / "__init__.py"
    st = init.stat()
    text = init.read_text()
    m = re.search(r'__version__ = "([^"]+)"', text)
    old = m.group(1)
    new = old[:-1] + ("9" if old[-1] != "9" else "8")
    init.write_text(text.replace(f'"{old}"', f'"{new}"'))
    os.utime(init, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert init.stat().st_size == st.st_size
    after = run("check", "-v")
    assert stats(after)["cached"] == 0, after.err


def test_corrupt_cache_is_ignored_and_rewritten(kv, project):
    make_tree(project)
    first = kv("check", "--output-format", "json")
    (cache_file,) = list((project / ".kvguard_cache").glob("*/*.json"))
    for garbage in (b"\x00\xffnot json", b'{"format": 1, "files": {"x": 3}}', b"[]", b""):
        cache_file.write_bytes(garbage)
        run = kv("check", "-v", "--output-format", "json")
        assert run.rc == first.rc and run.out == first.out, run
        assert stats(run)["cached"] == 0
    # ...and the next run is fully cached again.
    assert stats(kv("check", "-v"))["cached"] == 7


def test_entry_with_wrong_shape_does_not_crash(kv, project):
    make_tree(project)
    kv("check")
    (cache_file,) = list((project / ".kvguard_cache").glob("*/*.json"))
    doc = json.loads(cache_file.read_text())
    for key in doc["files"]:
        doc["files"][key][6] = ["not", "a", "result"]
    cache_file.write_text(json.dumps(doc))
    run = kv("check", "--output-format", "json")
    assert run.rc == 1 and len(json.loads(run.out)) == 3
