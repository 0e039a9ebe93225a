"""Findings do not depend on the working directory or on how a path was typed (issue 16.3).

Path-based settings (backend paths, exclusions, per-file-ignores) are matched on the path
relative to the project root (symbolic links in its directories resolved); the corpus tree has
no project marker, so there the absolute path is used. Paths are still displayed as given.
Real files of the sglang 0.5.12.post1 release, the real CLI in a subprocess.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from .conftest import REPO, run_kvguard, write

sys.path.insert(0, str(REPO / "benchmarks"))
import sglang_wheels  # noqa: E402

sys.path.pop(0)

VERSION = "0.5.12.post1"
BACKEND = "sglang/srt/layers/attention/flashinfer_backend.py"  # 2 x KVG001, 2 x KVG002
SCHEDULER = "sglang/srt/managers/scheduler.py"  # uses the allocator legitimately: out of scope


def findings(run) -> dict[str, list[tuple[int, int, str]]]:
    out: dict[str, list] = {}
    for line in run.out.splitlines():
        if ": KVG" not in line:
            continue
        where, rest = line.split(": ", 1)
        path, row, col = where.rsplit(":", 2)
        out.setdefault(path, []).append((int(row), int(col), rest.split()[0]))
    return out


def check(cwd: Path, *paths: str, extra: tuple[str, ...] = ()):
    return run_kvguard("check", "--no-cache", "--output-format", "concise", *extra, *paths, cwd=cwd)


def invocations(tree: Path, outside: Path, backend: str = BACKEND, scheduler: str = SCHEDULER):
    """(cwd, backend as typed, scheduler as typed) for several directories and spellings."""
    attention = tree / Path(backend).parent
    link = outside / "att"
    if not link.exists():
        os.symlink(attention, link)
    return [
        (tree, backend, scheduler),
        (tree, "./" + backend, "./" + scheduler),
        (attention, Path(backend).name, "../../managers/scheduler.py"),
        (attention, "./" + Path(backend).name, str(tree / scheduler)),
        (
            tree / "sglang" / "srt",
            "layers/attention/" + Path(backend).name,
            "managers/scheduler.py",
        ),
        (
            tree / "sglang" / "srt" / "managers",
            "../layers/attention/" + Path(backend).name,
            "scheduler.py",
        ),
        (outside, str(tree / backend), str(tree / scheduler)),
        (outside, "att/" + Path(backend).name, str(tree / scheduler)),
    ]


def test_same_findings_from_every_directory_on_the_corpus_tree(tmp_path):
    tree = sglang_wheels.ensure_tree(VERSION, quiet=True)
    reference = None
    for cwd, backend, scheduler in invocations(tree, tmp_path):
        run = check(cwd, backend, scheduler)
        assert run.rc == 1, (cwd, backend, run)
        got = findings(run)
        # Displayed as given; nothing in the scheduler (out of the backend scope).
        assert set(got) == {os.path.normpath(backend)}, (cwd, backend, got)
        rows = got[os.path.normpath(backend)]
        if reference is None:
            reference = rows
            assert sorted(c for _, _, c in rows) == ["KVG001", "KVG001", "KVG002", "KVG002"]
        assert rows == reference, (cwd, backend)


def test_configured_paths_match_from_the_project_root_wherever_run(tmp_path):
    """A project with ``[tool.kvguard]``: a backend-path glob with a '/', an anchored
    per-file-ignore and an anchored exclusion hold from any directory and through a link."""
    tree = sglang_wheels.ensure_tree(VERSION, quiet=True)
    project = tmp_path / "proj"
    for rel in (BACKEND, SCHEDULER):
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(tree / rel, project / rel)
    # The same backend file again, in a directory the configured exclusion names.
    vendored = "vendored/" + BACKEND
    (project / vendored).parent.mkdir(parents=True)
    shutil.copy(tree / BACKEND, project / vendored)
    write(
        project,
        "pyproject.toml",
        "[tool.kvguard]\n"
        'backend-paths = ["srt/layers/attention/*.py"]\n'
        'extend-exclude = ["vendored/sglang"]\n'
        f'per-file-ignores = {{ "{BACKEND}" = ["KVG002"] }}\n',
    )
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    for cwd, backend, scheduler in invocations(project, outside):
        run = check(cwd, backend, scheduler)
        assert run.rc == 1, (cwd, backend, run)
        got = findings(run)
        assert set(got) == {os.path.normpath(backend)}, (cwd, backend, got)
        assert [c for _, _, c in got[os.path.normpath(backend)]] == ["KVG001", "KVG001"]
    # Walking: the excluded directory stays excluded wherever the walk starts ...
    for cwd, target in ((project, "."), (outside, str(project)), (project / "sglang", "..")):
        run = check(cwd, target)
        assert run.rc == 1 and "vendored" not in run.out, (cwd, run)
        assert len(findings(run)) == 1, (cwd, run)
    assert check(project / "vendored", ".").out == "All checks passed!\n"
    # ... and so does a file in it named with --force-exclude, however it is typed.
    for cwd, target in ((project, vendored), (project / "vendored", vendored[9:])):
        assert check(cwd, target).rc == 1  # named: linted (as ruff)
        assert check(cwd, target, extra=("--force-exclude",)).rc == 0, (cwd, target)


@pytest.mark.parametrize("marker", ["pyproject.toml", "setup.py", ".git"])
def test_project_root_without_configuration_is_the_nearest_marker(tmp_path, marker):
    """No ``[tool.kvguard]``: the nearest directory with a marker is the project root, so an
    anchored ``--config``-less run still matches backend paths from any directory."""
    tree = sglang_wheels.ensure_tree(VERSION, quiet=True)
    project = tmp_path / "p"
    (project / Path(BACKEND).parent).mkdir(parents=True)
    shutil.copy(tree / BACKEND, project / BACKEND)
    (project / marker).mkdir() if marker == ".git" else write(project, marker, "")
    inner = project / Path(BACKEND).parent
    here = check(inner, Path(BACKEND).name)
    there = check(project, BACKEND)
    assert here.rc == there.rc == 1
    assert list(findings(here).values()) == list(findings(there).values())
