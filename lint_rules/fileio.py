"""File I/O of a run: read (stat and bytes through one descriptor), atomic write, unified diff.

Decoding and encoding (PEP 263 cookies, BOM, newlines kept byte-exact) are in
:mod:`lint_rules.source`.
"""

from __future__ import annotations

import os
import stat as stat_mod
from typing import Optional


def read_file(path: str) -> tuple[os.stat_result, bytes]:
    """stat + read through one descriptor (the stat describes the bytes read)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat_mod.S_ISREG(st.st_mode):
            raise (
                IsADirectoryError(21, "not a regular file")
                if stat_mod.S_ISDIR(st.st_mode)
                else OSError(0, "not a regular file")
            )
        # One read of size+1 normally returns the whole file and proves EOF (short read).
        want = st.st_size + 1
        first = os.read(fd, want)
        if len(first) < want:
            return st, first
        chunks = [first]
        while True:
            block = os.read(fd, 1 << 20)
            if not block:
                break
            chunks.append(block)
        return st, b"".join(chunks)
    finally:
        os.close(fd)


def file_size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def unified_diff(old: str, new: str, display: str) -> str:
    import difflib

    a = old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    lines = []
    for line in difflib.unified_diff(a, b, fromfile=display, tofile=display):
        if not line.endswith(("\n", "\r")):
            line += "\n\\ No newline at end of file\n"
        lines.append(line)
    return "".join(lines)


class WriteRefused(OSError):
    """A file kvguard would rewrite is not written: its reason (``strerror``) says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(0, reason)


def _held_signals():
    """Block SIGINT and SIGTERM (held back, not lost); the previous mask, or None."""
    import signal

    try:
        return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    except (AttributeError, OSError, ValueError):  # no pthread_sigmask on this platform
        return None


def _release_signals(previous) -> None:
    if previous is not None:
        import signal

        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _default_mode() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def create_file(path: str, data: bytes) -> None:
    """Write ``path`` (a file kvguard owns: the baseline) atomically: a temporary file created
    exclusively under an unpredictable name in the same directory, then ``os.replace``, which
    replaces a symbolic link at ``path`` instead of writing through it. An existing regular
    file keeps its permission bits; a new one gets the umask's."""
    import tempfile

    directory = os.path.dirname(os.path.abspath(path))
    try:
        st = os.lstat(path)
        mode = stat_mod.S_IMODE(st.st_mode) if stat_mod.S_ISREG(st.st_mode) else _default_mode()
    except FileNotFoundError:
        mode = _default_mode()
    previous = _held_signals()
    try:
        fd, tmp = tempfile.mkstemp(prefix=".kvguard-", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    finally:
        _release_signals(previous)


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino, a.st_size, a.st_mtime_ns, a.st_ctime_ns) == (
        b.st_dev,
        b.st_ino,
        b.st_size,
        b.st_mtime_ns,
        b.st_ctime_ns,
    )


def atomic_write(path: str, data: bytes, expected: Optional[bytes] = None) -> None:
    """Rewrite the existing file ``path`` with ``data`` (a fix, ``--add-noqa``), raising
    :class:`WriteRefused` (the file is left as it is) when

    * the process cannot open it for writing (a read-only file is not replaced by a rename);
    * ``expected`` is given and the file no longer holds exactly those bytes (an edit made
      while kvguard ran is never overwritten).

    Otherwise the new bytes go to a temporary file created exclusively under an unpredictable
    name in the file's directory, with the file's mode, owner and group, and replace it with
    ``os.replace`` once a last look (``fstat``) shows the file unchanged. A file with other
    hard links, or whose owner or group this process cannot give the new file, is written in
    place instead (through the descriptor that was checked), so its links and ownership stay.
    A symbolic link named explicitly is written through (the link stays a link).
    SIGINT and SIGTERM are held back from the check to the rename, so an interrupt never
    leaves a temporary file behind; they are delivered right after."""
    import tempfile

    real = os.path.realpath(path)
    directory = os.path.dirname(real)
    previous = _held_signals()
    try:
        try:
            fd = os.open(
                real, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
            )
        except OSError as exc:
            raise WriteRefused(f"cannot open for writing: {exc.strerror or exc}") from None
        try:
            st = os.fstat(fd)
            if not stat_mod.S_ISREG(st.st_mode):
                raise WriteRefused("not a regular file")
            if expected is not None and _read_fd(fd, st.st_size) != expected:
                raise WriteRefused("the file changed while kvguard was fixing it; not written")
            in_place = st.st_nlink > 1
            tmp = None
            if not in_place:
                tfd, tmp = tempfile.mkstemp(prefix=".kvguard-", suffix=".tmp", dir=directory)
                try:
                    with os.fdopen(tfd, "wb") as handle:
                        handle.write(data)
                        handle.flush()
                        try:
                            os.fchown(handle.fileno(), st.st_uid, st.st_gid)
                        except OSError:  # not ours to give: write in place instead
                            in_place = True
                        os.fchmod(handle.fileno(), stat_mod.S_IMODE(st.st_mode))
                        os.fsync(handle.fileno())
                    if not in_place:
                        if not _same_file(os.fstat(fd), st) or not _same_file(os.stat(real), st):
                            raise WriteRefused(
                                "the file changed while kvguard was fixing it; not written"
                            )
                        os.replace(tmp, real)
                        tmp = None
                finally:
                    if tmp is not None:
                        try:
                            os.unlink(tmp)
                        except OSError:
                            pass
            if in_place:
                os.lseek(fd, 0, os.SEEK_SET)
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.ftruncate(fd, len(data))
                os.fsync(fd)
        finally:
            os.close(fd)
    finally:
        _release_signals(previous)


def _read_fd(fd: int, size: int) -> bytes:
    chunks = []
    at = 0
    while True:
        block = os.pread(fd, max(size + 1 - at, 1 << 16), at)
        if not block:
            return b"".join(chunks)
        chunks.append(block)
        at += len(block)
