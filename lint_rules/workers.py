"""One process-pool scheduler for every parallel job of a run (triage chunks, parses, fixes).

A job is an index; the task function reaches the workers through ``fork`` (the run's settings
and targets come with it), so only indices and results cross process boundaries. The pool is
forked when the caller asks for the results, after it has submitted everything: ``jobs - 1``
workers take the submitted jobs from the front of one shared queue while this process takes
them from the back (and runs the deferred ones), so a queue ordered heaviest first balances
itself. Built on ``os.fork`` and two file descriptors (no ``multiprocessing``: its import and
its queues, threads and pickled calls cost more than a whole-tree triage chunk):

* the queue: two counters (next from the front, end of the back) in an anonymous shared file,
  read and written under a POSIX record lock (``fcntl.lockf``: per process, and released by
  the kernel when its holder dies, so a crashed worker never blocks the others);
* results: each worker appends length-prefixed records of ``(index, ok, value)`` (``marshal``
  for plain data, else ``pickle``) to its own
  anonymous file, read back once it has exited. A job with no record there (its worker died)
  becomes an error for that job, never a hang; the other records of that worker are kept.

Workers die with the run (``PR_SET_PDEATHSIG``), even when it is killed with SIGKILL, and are
killed when the run stops early (an interrupt, an exception).
"""

from __future__ import annotations

import marshal
import os
import struct
import sys
from typing import Any, Callable, Iterator, Optional

from .model import exception_reason

_COUNTERS = struct.Struct("<qq")  # (front, back) of the shared queue
_LENGTH = struct.Struct("<Q")  # the size of one result record


class WorkerError(RuntimeError):
    """A worker process ended before it reported the job (crashed or killed)."""


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
    except Exception:
        pass


def _anonymous_file() -> int:
    """A read-write descriptor of a file no other process can open (inherited by forks)."""
    if hasattr(os, "memfd_create"):
        try:
            return os.memfd_create("kvguard", os.MFD_CLOEXEC)
        except OSError:
            pass
    import tempfile

    fd, path = tempfile.mkstemp(prefix="kvguard-pool-")
    os.unlink(path)
    return fd


class _SharedQueue:
    """Positions ``0 .. n-1``: :meth:`take` from the front (workers) or the back (this
    process), each position exactly once across the forked processes."""

    def __init__(self, n: int) -> None:
        self.fd = _anonymous_file()
        os.pwrite(self.fd, _COUNTERS.pack(0, n), 0)

    def take(self, front: bool) -> Optional[int]:
        import fcntl

        fcntl.lockf(self.fd, fcntl.LOCK_EX)
        try:
            lo, hi = _COUNTERS.unpack(os.pread(self.fd, _COUNTERS.size, 0))
            if lo >= hi:
                return None
            if front:
                position, lo = lo, lo + 1
            else:
                hi -= 1
                position = hi
            os.pwrite(self.fd, _COUNTERS.pack(lo, hi), 0)
            return position
        finally:
            fcntl.lockf(self.fd, fcntl.LOCK_UN)

    def close(self) -> None:
        os.close(self.fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _read_records(fd: int) -> dict:
    """``{index: (ok, value)}`` of every whole record in a worker's result file."""
    size = os.fstat(fd).st_size
    data = os.pread(fd, size, 0) if size else b""
    out: dict = {}
    at = 0
    while at + _LENGTH.size <= len(data):
        (length,) = _LENGTH.unpack_from(data, at)
        end = at + _LENGTH.size + length
        if end > len(data):
            break  # cut short by the worker's death
        try:
            index, ok, value = _decode(data[at + _LENGTH.size : end])
        except Exception:
            break
        out[index] = (ok, value)
        at = end
    return out


def _decode(blob: bytes) -> tuple:
    if blob[:1] == b"m":
        return marshal.loads(blob[1:])
    import pickle

    return pickle.loads(blob[1:])


def _encode(index: int, ok: bool, value: Any) -> bytes:
    """A record: ``marshal`` for plain data (a clean triage chunk is a list of indices: no
    ``pickle`` import on either side), else ``pickle``."""
    try:
        blob = b"m" + marshal.dumps((index, ok, value))
    except ValueError:  # an object marshal does not know
        import pickle

        try:
            blob = b"p" + pickle.dumps((index, ok, value), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # an unpicklable result or exception: report it as text
            reason = value if not ok else exc
            blob = b"p" + pickle.dumps(
                (index, False, RuntimeError(exception_reason(reason))),
                pickle.HIGHEST_PROTOCOL,
            )
    return _LENGTH.pack(len(blob)) + blob


class WorkerPool:
    """``task(index)`` for every job, in ``jobs - 1`` forked workers plus this process.

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
        self._workers: list[tuple[int, int]] = []  # (pid, result file descriptor)
        self._shared: Optional[_SharedQueue] = None
        self._reaped: set[int] = set()  # waited for: the pid may belong to another process now
        self.forked = False

    def submit(self, index: int) -> None:
        """To the shared queue (this process runs it instead when the pool cannot fork)."""
        self._queue.append((self.parallel, index))

    def defer(self, index: int) -> None:
        """To this process, when the caller asks for results."""
        self._queue.append((False, index))

    def _fork(self, shared: list[int], workers: Optional[int] = None) -> None:
        if self._shared is None:
            if self._prepare is not None:
                self._prepare()
            self._shared = _SharedQueue(len(shared))
        queue = self._shared
        parent = os.getpid()
        for _ in range(min(self.jobs - 1 if workers is None else workers, len(shared))):
            out = _anonymous_file()
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:  # the worker
                code = 0
                try:
                    self._work(queue, shared, out, parent)
                except BaseException:
                    code = 1
                finally:
                    os._exit(code)
            self._workers.append((pid, out))
        self.forked = bool(self._workers)

    def _work(self, queue: _SharedQueue, shared: list[int], out: int, parent: int) -> None:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the run stops its workers itself
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _die_with_parent()
        if os.getppid() != parent:  # the parent died before prctl took effect (not "== 1":
            # the run itself may be PID 1, in a container)
            return
        for fd in (w[1] for w in self._workers):
            os.close(fd)  # the earlier workers' result files
        while True:
            position = queue.take(front=True)
            if position is None:
                return
            index = shared[position]
            try:
                record = _encode(index, True, self.task(index))
            except Exception as exc:
                record = _encode(index, False, exc)
            _write_all(out, record)

    def results(self) -> Iterator[tuple[int, Any, Optional[BaseException]]]:
        shared = [index for is_shared, index in self._queue if is_shared]
        if self.isolate:
            yield from self._isolated_results(shared)
            return
        if shared:
            self._fork(shared)
        done_here: dict[int, Any] = {}
        if self._shared is not None:
            while (position := self._shared.take(front=False)) is not None:
                index = shared[position]
                done_here[index] = self.task(index)
        elif shared:  # no worker could be started: all of it here
            for index in reversed(shared):
                done_here[index] = self.task(index)
        for is_shared, index in reversed(self._queue):
            if not is_shared:
                done_here[index] = self.task(index)
        reported: dict[int, tuple] = {}
        for pid, out in self._workers:
            _wait(pid)
            self._reaped.add(pid)
            reported.update(_read_records(out))
        for _, index in self._queue:
            if index in done_here:
                yield index, done_here[index], None
            elif index in reported:
                ok, value = reported[index]
                yield (index, value, None) if ok else (index, None, value)
            else:
                yield index, None, WorkerError("a worker process ended before reporting it")

    def _isolated_results(self, shared: list[int]) -> Iterator[tuple]:
        """Every job in forked workers; when one dies (the job it held is reported as a
        crash), fresh workers take the rest of the queue."""
        reported: dict[int, tuple] = {}
        deaths: list[str] = []
        queue_left, taken = bool(shared), -1
        while queue_left:
            self._fork(shared, max(1, self.jobs))
            if not self._workers:  # no worker could be started: here after all
                for index in shared:
                    if index not in reported:
                        reported[index] = (True, self.task(index))
                break
            for pid, out in self._workers:
                status = _wait(pid)
                self._reaped.add(pid)
                reported.update(_read_records(out))
                if status is not None and os.WIFSIGNALED(status):
                    deaths.append(f"signal {os.WTERMSIG(status)}")
                os.close(out)
            self._workers = []
            assert self._shared is not None
            lo, hi = _COUNTERS.unpack(os.pread(self._shared.fd, _COUNTERS.size, 0))
            queue_left = lo < hi and lo > taken  # (a round that took nothing ends it)
            taken = lo
        why = f" (killed by {deaths[0]})" if deaths else ""
        for _, index in self._queue:
            if index in reported:
                ok, value = reported[index]
                yield (index, value, None) if ok else (index, None, value)
            else:
                yield index, None, WorkerError(f"the worker process crashed{why}")

    def __enter__(self) -> "WorkerPool":
        return self

    def __exit__(self, *exc_info) -> None:
        import signal

        for pid, out in self._workers:
            if pid not in self._reaped:  # stopped early: kill it (a no-op for a zombie)
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
                _wait(pid)
            os.close(out)
        self._workers = []
        if self._shared is not None:
            self._shared.close()
            self._shared = None


def _wait(pid: int) -> Optional[int]:
    """Wait for a worker; its wait status (None when it was reaped already)."""
    try:
        return os.waitpid(pid, 0)[1]
    except ChildProcessError:
        return None
