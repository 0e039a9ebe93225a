"""One process-pool scheduler for every parallel job of a run (parses and fixes).

A job is an index; the task function reaches the workers through ``fork`` (the run's settings
and targets come with it), so only indices and results cross process boundaries. The pool is
forked lazily, on the first job sent to it. Once the caller has submitted everything, this
process helps: it runs, itself, every job no worker has started, from the end of the queue.
Workers die with the run (``PR_SET_PDEATHSIG``), even when it is killed with SIGKILL; a crashed
worker becomes an error for its job, never a hang.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Iterator, Optional

# The running pool's task, set in the parent before the fork (workers inherit it).
_TASK: Optional[Callable[[int], Any]] = None


def can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform != "darwin"


def cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover
        return os.cpu_count() or 1


def _die_with_parent() -> None:
    """In a worker: have the kernel send SIGTERM when the parent dies, even by SIGKILL, so no
    worker outlives a killed run (Linux ``PR_SET_PDEATHSIG``; a no-op elsewhere)."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM))  # 1 == PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent died before prctl took effect
            os._exit(1)
    except Exception:
        pass


def _run_job(index: int) -> Any:
    assert _TASK is not None
    return _TASK(index)


class WorkerPool:
    """``task(index)`` for every job, in ``jobs - 1`` forked workers plus this process.

    ``prepare`` runs once in this process before the fork (imports the workers should inherit).
    Use as a context manager; :meth:`results` yields ``(index, value, exception)`` in
    submission order.
    """

    def __init__(
        self, task: Callable[[int], Any], jobs: int, prepare: Optional[Callable[[], None]] = None
    ) -> None:
        self.task = task
        self.jobs = jobs
        self.parallel = jobs > 1 and can_fork()
        self._prepare = prepare
        self._pool = None
        self._queue: list = []  # (future or None, index)

    @property
    def forked(self) -> bool:
        return self._pool is not None

    def submit(self, index: int) -> None:
        """To a worker (this process runs it instead when the pool cannot fork)."""
        if not self.parallel:
            self.defer(index)
            return
        if self._pool is None:
            global _TASK
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            if self._prepare is not None:
                self._prepare()
            _TASK = self.task
            self._pool = ProcessPoolExecutor(
                max_workers=self.jobs - 1,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_die_with_parent,
            )
        self._queue.append((self._pool.submit(_run_job, index), index))

    def defer(self, index: int) -> None:
        """To this process, when the caller asks for results."""
        self._queue.append((None, index))

    def results(self) -> Iterator[tuple[int, Any, Optional[BaseException]]]:
        done_here: dict[int, Any] = {}
        for future, index in reversed(self._queue):
            if future is None or future.cancel():
                done_here[index] = self.task(index)
        for future, index in self._queue:
            if index in done_here:
                yield index, done_here[index], None
                continue
            try:
                yield index, future.result(), None
            except Exception as exc:  # a crashed worker: report the job, never hang
                yield index, None, exc

    def __enter__(self) -> "WorkerPool":
        return self

    def __exit__(self, *exc_info) -> None:
        global _TASK
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        _TASK = None
