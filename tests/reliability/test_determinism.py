"""Parallel runs are deterministic; the cache never changes a result and never breaks a run.

tests/cli/test_parallel.py covers `check` output across --jobs and tests/cli/test_cache.py the
cache invalidation by content, config and __version__, and garbage in the cache file.  Added
here: `fix` across --jobs (the written trees and every output byte), warm-cache output equal to
cold output for every format, invalidation by an edited rule source at the same version, and a
cache location that cannot be used at all (a directory where the cache file goes, a file where
the cache directory goes, a read-only cache directory).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lint_rules.engine import MIN_PARALLEL_PENDING

from .helpers import BUGGY, CLEAN, REPO, cli_env, kvguard, snapshot, write

N = MIN_PARALLEL_PENDING + 24  # the streamed pool path


def _tree(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n", encoding="utf-8")
    for i in range(N):
        if i % 17 == 3:
            write(
                root,
                f"pkg{i % 5}/backend_{i:03d}.py",
                BUGGY.replace("ToySliding", f"Toy{i}Sliding"),
            )
        elif i % 31 == 7:
            write(root, f"pkg{i % 5}/broken_{i:03d}.py", b"x = '\xff'\n")
        elif i % 11 == 0:
            write(root, f"pkg{i % 5}/clean_{i:03d}.py", CLEAN)
        else:
            write(root, f"pkg{i % 5}/m_{i:03d}.py", f"v_{i} = {i}\n")
    return root


def _workers(run) -> int:
    m = re.search(r"; (\d+) workers;", run.err)
    assert m, run
    return int(m.group(1))


def _strip_timing(err: str) -> str:
    return re.sub(r"; [0-9.]+s$", "", re.sub(r"; \d+ workers;", ";", err), flags=re.M)


def test_fix_is_identical_whatever_the_worker_count(tmp_path):
    runs, trees = {}, {}
    for jobs in (1, 2, 4):
        root = _tree(tmp_path / f"j{jobs}")
        runs[jobs] = kvguard(
            "fix", "--no-cache", "-v", "--jobs", str(jobs), "--output-format", "concise", cwd=root
        )
        trees[jobs] = {k: v for k, v in snapshot(root).items()}
    assert _workers(runs[1]) == 1 and _workers(runs[4]) == 4
    base = runs[1]
    assert base.rc == 2 and "fixed pkg" in base.err  # undecodable files are errors; the rest fixed
    for jobs in (2, 4):
        assert runs[jobs].rc == base.rc
        assert runs[jobs].stdout_bytes == base.stdout_bytes, f"--jobs {jobs}: stdout differs"
        assert _strip_timing(runs[jobs].err) == _strip_timing(
            base.err
        ), f"--jobs {jobs}: stderr differs"
        assert trees[jobs] == trees[1], f"--jobs {jobs}: the fixed tree differs"


@pytest.mark.parametrize("fmt", ["full", "concise", "json", "github", "sarif"])
def test_warm_cache_output_equals_cold_output(tmp_path, fmt):
    root = _tree(tmp_path / "t")
    cold = kvguard("check", "--no-cache", "--output-format", fmt, cwd=root)
    first = kvguard("check", "--output-format", fmt, cwd=root)
    warm = kvguard("check", "-v", "--output-format", fmt, cwd=root)
    assert re.search(r"\d+ files: [1-9]\d* cached", warm.err), warm
    assert cold.stdout_bytes == first.stdout_bytes == warm.stdout_bytes
    assert cold.rc == first.rc == warm.rc == 2


def _run_with(pkg_root: Path, project: Path, *args):
    env = cli_env()
    env["PYTHONPATH"] = str(pkg_root)
    return subprocess.run(
        [sys.executable, "-m", "lint_rules", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
    )


def test_edited_rule_source_invalidates_at_the_same_version(tmp_path):
    project = tmp_path / "p"
    write(project, "pyproject.toml", "[project]\nname = 'demo'\n")
    write(project, "b.py", BUGGY)
    pkg = tmp_path / "tool"
    shutil.copytree(
        REPO / "lint_rules", pkg / "lint_rules", ignore=shutil.ignore_patterns("__pycache__")
    )
    _run_with(pkg, project, "check")
    warm = _run_with(pkg, project, "check", "-v")
    assert re.search(r"1 files: 1 cached", warm.stderr), warm.stderr
    rule = pkg / "lint_rules" / "rules" / "kvg002_swa_translate_through_allocator.py"
    rule.write_text(rule.read_text() + "\n# edited\n")
    after = _run_with(pkg, project, "check", "-v")
    assert re.search(r"1 files: 0 cached", after.stderr), after.stderr
    assert after.returncode == 1


def _cache_file(project: Path) -> Path:
    (path,) = list((project / ".kvguard_cache").glob("*/*.json"))
    return path


def test_unusable_cache_locations_are_not_fatal(tmp_path):
    project = tmp_path / "p"
    write(project, "pyproject.toml", "[project]\nname = 'demo'\n")
    write(project, "b.py", BUGGY)
    want = kvguard("check", "--no-cache", "--output-format", "json", cwd=project)
    assert want.rc == 1
    # the cache file is a directory
    kvguard("check", cwd=project)
    cache_file = _cache_file(project)
    cache_file.unlink()
    cache_file.mkdir()
    for _ in range(2):
        run = kvguard("check", "--output-format", "json", cwd=project)
        assert (run.rc, run.stdout_bytes) == (
            want.rc,
            want.stdout_bytes,
        ) and "Traceback" not in run.err, run
    # --cache-dir names a regular file
    blocker = write(project, "not_a_dir", "x")
    run = kvguard("check", "--output-format", "json", "--cache-dir", str(blocker), cwd=project)
    assert (run.rc, run.stdout_bytes) == (
        want.rc,
        want.stdout_bytes,
    ) and "Traceback" not in run.err, run
    assert blocker.read_text() == "x"
    # a read-only cache directory; as root, permission bits only bind without the DAC
    # capabilities (dropped with setpriv, as in test_bad_input), and the premise is checked
    prefix = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("root without setpriv: cannot make a directory read-only to kvguard")
        prefix = [shutil.which("setpriv"), "--bounding-set", "-dac_override,-dac_read_search"]
    ro = tmp_path / "ro_cache"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        probe = subprocess.run(
            [*prefix, sys.executable, "-c", f"open({str(ro / 'x')!r}, 'w')"],
            capture_output=True,
            text=True,
        )
        assert probe.returncode != 0 and "PermissionError" in probe.stderr, probe.stderr
        run = kvguard(
            "check", "--output-format", "json", "--cache-dir", str(ro), cwd=project, prefix=prefix
        )
        assert (run.rc, run.stdout_bytes) == (
            want.rc,
            want.stdout_bytes,
        ) and "Traceback" not in run.err, run
        assert list(ro.iterdir()) == []
    finally:
        ro.chmod(0o755)
