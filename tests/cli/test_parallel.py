"""--jobs: byte-identical output whatever the worker count, on the pooled and serial paths."""

from __future__ import annotations

import re

import pytest

from lint_rules.engine import MIN_PARALLEL_PENDING

from .conftest import BUGGY, CLEAN, write


def workers(run) -> int:
    m = re.search(r"; (\d+) workers;", run.err)
    assert m, run
    return int(m.group(1))


@pytest.fixture
def big_tree(project):
    n = max(MIN_PARALLEL_PENDING + 60, 460)
    for i in range(n):
        if i % 97 == 5:
            write(project, f"pkg{i % 7}/backend_{i:04d}.py", BUGGY)
        elif i % 97 == 50:
            write(project, f"pkg{i % 7}/broken_{i:04d}.py", b"x = '\xff'\n")
        elif i % 13 == 0:
            write(project, f"pkg{i % 7}/clean_{i:04d}.py", CLEAN)
        else:
            write(project, f"pkg{i % 7}/m_{i:04d}.py", f"value_{i} = {i}\n")
    return project


@pytest.mark.parametrize("fmt", ["json", "full"])
def test_jobs_do_not_change_output(kv, big_tree, fmt):
    runs = {
        j: kv("check", "--no-cache", "-v", "--output-format", fmt, "--jobs", str(j))
        for j in (1, 2, 3)
    }
    assert workers(runs[1]) == 1 and workers(runs[2]) == 2 and workers(runs[3]) == 3
    base = runs[1]
    assert base.rc == 2  # undecodable files are errors
    n_buggy = sum(1 for i in range(max(MIN_PARALLEL_PENDING + 60, 460)) if i % 97 == 5)
    assert n_buggy >= 4 and base.out.count("KVG001 ") + base.out.count('"KVG001"') == n_buggy
    for j, run in runs.items():
        assert run.rc == base.rc
        assert run.stdout_bytes == base.stdout_bytes, f"--jobs {j} differs"
        errors = [ln for ln in run.err.splitlines() if ln.startswith("error:")]
        assert errors == [ln for ln in base.err.splitlines() if ln.startswith("error:")]


def test_parallel_then_cached(kv, big_tree):
    first = kv("check", "-v", "--output-format", "json", "--jobs", "2")
    second = kv("check", "-v", "--output-format", "json", "--jobs", "2")
    assert first.stdout_bytes == second.stdout_bytes
    m = re.search(r"(\d+) files: (\d+) cached", second.err)
    # Files written moments ago are racy (re-hashed) but parse results are reused.
    assert m and int(m.group(1)) == max(MIN_PARALLEL_PENDING + 60, 460)
    assert re.search(r", 0 parsed;", second.err), second.err


def test_small_parse_queue_in_parallel(kv, project):
    # Few files, all needing a parse: the parse phase itself forks (when worth it).
    for i in range(4):
        write(
            project,
            f"b{i}.py",
            BUGGY + "\n" + "\n".join(f"# padding line {k}" + "x" * 60 for k in range(400)),
        )
    one = kv("check", "--no-cache", "-v", "--output-format", "json", "-j", "1")
    two = kv("check", "--no-cache", "-v", "--output-format", "json", "-j", "2")
    assert workers(one) == 1 and workers(two) == 2
    assert one.stdout_bytes == two.stdout_bytes and one.rc == 1
