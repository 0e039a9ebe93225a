"""One process-pool scheduler for every parallel job of a run (triage chunks, parses, fixes).

A job is an index; the task function reaches the workers through ``fork`` (the run's settings
and targets come with it), so only indices and results cross process boundaries. The pool is a
``concurrent.futures.ProcessPoolExecutor`` on the ``fork`` context, started when the caller asks
for the results, after it has submitted everything: ``jobs`` workers take the submitted jobs in
submission order (so a queue ordered heaviest first balances itself) while this process waits;
it runs the deferred jobs itself. (This process no longer takes jobs from the back of the
queue: cancelling a future the executor has not reached yet makes a later break of the executor
raise in its manager thread on Python 3.11.)

A worker that dies (a native parser's SIGSEGV) breaks the executor: the jobs already done keep
their results, the jobs it failed are run again in a new pool, the few that were in flight in a
pool of one worker, where the first job a break fails is the one that crashed (it gets a
:class:`WorkerError`, never a hang). Workers die with the run (``PR_SET_PDEATHSIG``),
even when it is killed with SIGKILL, and are killed when the run stops early (an interrupt, an
exception).
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Iterator, Optional

from .model import exception_reason

_TASK: Optional[Callable[[int], Any]] = None  # the running pool's task, inherited by fork


class WorkerError(RuntimeError):
    """A worker process ended before it reported the job (crashed or killed)."""


def can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform != "darwin"


def cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover
        return os.cpu_count() or 1


def _start_worker(parent: int) -> None:
    """In a new worker: the run stops its workers itself (SIGINT ignored, SIGTERM's default
    action, not the run's handler), and the kernel sends SIGTERM when the run dies, even by
    SIGKILL (Linux ``PR_SET_PDEATHSIG``; a no-op elsewhere)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
    except Exception:
        pass
    if os.getppid() != parent:  # the run died before prctl took effect
        os._exit(0)


def _run_job(index: int) -> Any:
    """A job in a worker; an exception that cannot cross the process boundary as itself is
    reported as its text."""
    assert _TASK is not None
    try:
        return _TASK(index)
    except Exception as exc:
        import pickle

        try:
            pickle.loads(pickle.dumps(exc, pickle.HIGHEST_PROTOCOL))
        except Exception:
            raise RuntimeError(exception_reason(exc)) from None
        raise


class WorkerPool:
    """``task(index)`` for every submitted job in ``jobs`` forked workers, every deferred one in
    this process (all of them here when the pool cannot fork, or ``jobs`` is 1).

    ``prepare`` runs once in this process before the fork (imports the workers should inherit).
    Use as a context manager; :meth:`results` yields ``(index, value, exception)`` in
    submission order.
    """

    def __init__(
        self,
        task: Callable[[int], Any],
        jobs: int,
        prepare: Optional[Callable[[], None]] = None,
        isolate: bool = False,
    ) -> None:
        self.task = task
        self.jobs = jobs
        # ``isolate``: every job runs in a forked worker, none here, so that a job that
        # crashes the interpreter (a native parser's SIGSEGV) takes only its worker with it
        self.isolate = isolate and can_fork()
        self.parallel = (jobs > 1 or self.isolate) and can_fork()
        self._prepare = prepare
        self._queue: list[tuple[bool, int]] = []  # (shared, index) in submission order
        self._executor: Any = None
        self._processes: list = []  # the current executor's worker processes
        self.forked = False

    def submit(self, index: int) -> None:
        """To the shared queue (this process runs it instead when the pool cannot fork)."""
        self._queue.append((self.parallel, index))

    def defer(self, index: int) -> None:
        """To this process, when the caller asks for results."""
        self._queue.append((False, index))

    @property
    def worker_pids(self) -> list[int]:
        return [p.pid for p in self._processes]

    def results(self) -> Iterator[tuple[int, Any, Optional[BaseException]]]:
        shared = [index for is_shared, index in self._queue if is_shared]
        done: dict[int, tuple[Any, Optional[BaseException]]] = {}
        if shared:
            self._run_shared(shared, max(1, self.jobs), done)
        for is_shared, index in reversed(self._queue):
            if not is_shared:
                done[index] = (self.task(index), None)
        for _, index in self._queue:
            value, exc = done[index]
            yield index, value, exc

    # -- the executor ------------------------------------------------------------------------

    def _start(self, workers: int) -> bool:
        """A new executor of ``workers`` forked processes (False: none could be started)."""
        global _TASK
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _TASK = self.task
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            self._executor = ProcessPoolExecutor(
                workers,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        except (OSError, NotImplementedError):
            return False
        return True

    def _stop(self, kill: bool = False) -> str:
        """Shut the executor down (``kill``: its workers first); why it broke, if it did."""
        executor, self._executor = self._executor, None
        if executor is None:
            return ""
        if kill:
            for process in self._processes:
                try:
                    process.kill()
                except OSError:
                    pass
        executor.shutdown(wait=True, cancel_futures=True)
        why = self._death()
        self._processes = []
        return why

    def _round(
        self, pending: list[int], workers: int, done: dict
    ) -> Optional[tuple[list[int], str]]:
        """One executor over ``pending``. None when every job got its result; else the jobs
        the broken executor failed, in submission order, and why it broke."""
        from concurrent.futures.process import BrokenProcessPool

        if not self._start(workers):
            for index in reversed(pending):
                done[index] = (self.task(index), None)
            return None
        futures: list = []
        unsent: list[int] = []
        for at, index in enumerate(pending):
            try:
                futures.append((index, self._executor.submit(_run_job, index)))
            except BrokenProcessPool:  # (a worker died while the rest were being queued)
                unsent = pending[at:]
                break
        self._processes = list((getattr(self._executor, "_processes", None) or {}).values())
        self.forked = True
        failed: list[int] = []
        for index, future in futures:
            try:
                done[index] = (future.result(), None)
            except BrokenProcessPool:
                failed.append(index)
            except Exception as exc:
                done[index] = (None, exc)
        failed += unsent  # (never sent: they go to the next executor as the failed ones do)
        why = self._stop()
        return (failed, why) if failed else None

    def _death(self) -> str:
        """`` (killed by signal N)`` for a worker killed by a signal other than the SIGTERM
        the broken executor sends the others."""
        import signal

        for process in self._processes:
            code = process.exitcode
            if code is not None and code < 0 and -code != signal.SIGTERM:
                return f" (killed by signal {-code})"
        return ""

    def _run_shared(self, pending: list[int], workers: int, done: dict) -> None:
        """Every job of ``pending`` in executors of ``workers`` processes, a new one after a
        break for the jobs the broken one failed."""
        while pending:
            broken = self._round(pending, workers, done)
            if broken is None:
                return
            failed, why = broken
            if workers == 1:
                # one worker runs the jobs in order, and its results are read before its death
                # is: the first job it failed is the one that crashed it
                done[failed[0]] = (None, WorkerError(f"the worker process crashed{why}"))
                pending = failed[1:]
                continue
            # The job that crashed was in flight: among the first ``2 * workers + 1`` the
            # executor failed (its call queue holds ``workers + 1``, each worker one more).
            # Those run again in a pool of one worker, the others in a pool like this one.
            cut = 2 * workers + 1
            self._run_shared(failed[:cut], 1, done)
            pending = failed[cut:]

    def __enter__(self) -> "WorkerPool":
        return self

    def __exit__(self, *exc_info) -> None:
        global _TASK
        self._stop(kill=True)  # stopped early: its workers are killed, not waited for
        _TASK = None
