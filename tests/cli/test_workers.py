"""The process pool (lint_rules/workers.py): results in submission order whoever ran the job,
a worker's exception reported for its job, a crashed worker's job an error (not a hang), the
pool's processes gone when the run leaves it."""

from __future__ import annotations

import enum
import os
import signal
import time

import pytest

from lint_rules.workers import WorkerError, WorkerPool, can_fork

pytestmark = pytest.mark.skipif(not can_fork(), reason="needs fork")


def _run(task, jobs, submitted, deferred=()):
    with WorkerPool(task, jobs) as pool:
        for i in submitted:
            pool.submit(i)
        for i in deferred:
            pool.defer(i)
        out = list(pool.results())
        forked = pool.forked
    return out, forked


def test_results_in_submission_order_and_shared_across_processes():
    parent = os.getpid()

    def task(i):
        time.sleep(0.01)
        return (i * i, os.getpid())

    out, forked = _run(task, 3, range(30), deferred=[100, 101])
    assert forked
    assert [i for i, _, _ in out] == list(range(30)) + [100, 101]
    assert all(exc is None and value[0] == i * i for i, value, exc in out)
    runners = {value[1] for i, value, _ in out if i < 100}
    assert parent not in runners and len(runners) >= 2  # the submitted jobs: in workers
    deferred_runners = {value[1] for i, value, _ in out if i >= 100}
    assert deferred_runners == {parent}


def test_a_crash_among_many_costs_only_the_crashing_jobs():
    """Two jobs that crash their worker (SIGSEGV) in a run of three workers: the pool is made
    again for the jobs the broken one failed; only those two get an error, with the signal."""
    parent = os.getpid()

    def task(i):
        if i in (0, 7) and os.getpid() != parent:
            import faulthandler

            faulthandler.disable()  # (pytest's: it would print the worker's stack)
            os.kill(os.getpid(), signal.SIGSEGV)
        time.sleep(0.01)
        return i

    out, _ = _run(task, 3, range(30))
    assert [i for i, _, _ in out] == list(range(30))
    failed = {i: str(exc) for i, _, exc in out if exc is not None}
    assert failed == {i: "the worker process crashed (killed by signal 11)" for i in (0, 7)}
    assert all(value == i for i, value, exc in out if exc is None)


def test_a_workers_exception_is_reported_for_its_job():
    parent = os.getpid()

    def task(i):
        time.sleep(0.02)
        if os.getpid() != parent:
            raise ValueError(f"job {i} failed")
        return i

    out, _ = _run(task, 2, range(12))
    failed = [(i, exc) for i, value, exc in out if exc is not None]
    assert failed, "no job ran in the worker"
    for i, exc in failed:
        assert isinstance(exc, ValueError) and str(exc) == f"job {i} failed"
    assert all(value == i for i, value, exc in out if exc is None)


def test_an_unpicklable_exception_is_reported_as_text():
    parent = os.getpid()

    class Local(Exception):  # a local class: pickle cannot find it by name
        pass

    def task(i):
        time.sleep(0.02)
        if os.getpid() != parent:
            raise Local("odd")
        return i

    out, _ = _run(task, 2, range(8))
    failed = [exc for _, _, exc in out if exc is not None]
    assert failed and all(isinstance(e, RuntimeError) and "Local: odd" in str(e) for e in failed)


def test_one_worker_blames_the_first_job_it_failed_and_runs_it_once(tmp_path):
    """In a pool of one worker (stdin, a single file's fix) the job that crashed it is the
    first it failed: that job gets the error without being run again, the others their
    results."""

    def task(i):
        with open(tmp_path / f"ran-{i}", "a") as fh:
            fh.write("x")
        if i == 3:
            import faulthandler

            faulthandler.disable()  # (pytest's: it would print the worker's stack)
            os.kill(os.getpid(), signal.SIGSEGV)
        return i

    with WorkerPool(task, 1, isolate=True) as pool:
        for i in range(6):
            pool.submit(i)
        out = list(pool.results())
    assert [(i, v) for i, v, e in out if e is None] == [(i, i) for i in (0, 1, 2, 4, 5)]
    (crash,) = [e for i, _, e in out if e is not None]
    assert str(crash) == "the worker process crashed (killed by signal 11)"
    assert (tmp_path / "ran-3").read_text() == "x"


def test_a_crashed_worker_costs_its_job_only():
    parent = os.getpid()

    def task(i):
        if i == 0 and os.getpid() != parent:
            os._exit(3)  # the worker dies without reporting
        time.sleep(0.02)
        return i

    # job 0 is first in the queue: a worker takes it right after the fork
    out, _ = _run(task, 2, range(20))
    by_index = {i: (value, exc) for i, value, exc in out}
    assert set(by_index) == set(range(20))
    value, exc = by_index[0]
    assert isinstance(exc, WorkerError) and value is None
    assert all(by_index[i] == (i, None) for i in range(1, 20))


@pytest.mark.serial  # a timing bound: run alone (scripts/test.sh)
def test_no_worker_outlives_the_pool_when_the_run_stops_early():
    workers = []

    def task(i):
        time.sleep(5)
        return i

    def interrupt(signum, frame):  # Ctrl-C while the run waits for its workers
        workers.extend(pool.worker_pids)  # forked by now
        raise KeyboardInterrupt

    pool = WorkerPool(task, 3)
    previous = signal.signal(signal.SIGALRM, interrupt)
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            with pool:
                for i in range(10):
                    pool.submit(i)
                signal.setitimer(signal.ITIMER_REAL, 0.5)
                list(pool.results())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert len(workers) == 3 and pool.worker_pids == []
    assert time.monotonic() - started < 4  # killed, not waited for
    for pid in workers:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)  # reaped: gone


def test_without_fork_everything_runs_here():
    out, forked = _run(lambda i: i + 1, 1, range(5), deferred=[9])
    assert not forked and [(i, v) for i, v, _ in out] == [(i, i + 1) for i in range(5)] + [(9, 10)]


class Kind(enum.IntEnum):  # module level: pickle finds it by name
    A = 1


def test_results_keep_their_types_whichever_encoding_carries_them():
    """Plain data travels with ``marshal``, anything else with ``pickle``: either way the
    value comes back equal and of the same type (an int subclass stays one)."""
    parent = os.getpid()
    values = {0: [1, 2, (3, None)], 1: Kind.A, 2: {"k": b"v"}, 3: frozenset({1}), 4: ([], [Kind.A])}

    def task(i):
        time.sleep(0.02)
        return values[i % 5], os.getpid()

    out, _ = _run(task, 2, range(10))
    assert any(v[1] != parent for _, v, _ in out), "no job ran in the worker"
    for i, (value, _pid), exc in ((i, v, e) for i, v, e in out):
        assert exc is None and value == values[i % 5] and type(value) is type(values[i % 5])
    assert all(type(v[0][1][0]) is Kind for i, v, _ in out if i % 5 == 4)
