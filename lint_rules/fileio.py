"""File I/O of a run: read (stat and bytes through one descriptor), atomic write, unified diff.

Decoding and encoding (PEP 263 cookies, BOM, newlines kept byte-exact) are in
:mod:`lint_rules.source`.
"""

from __future__ import annotations

import os
import stat as stat_mod


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


def atomic_write(path: str, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, keeping its permission bits.

    SIGINT and SIGTERM are held back (blocked, not lost) from creating the temporary file to
    the rename, so an interrupt can never leave it behind; it is delivered right after."""
    import signal
    import tempfile

    real = os.path.realpath(path)  # write through a symlink, do not replace the link
    directory = os.path.dirname(real)
    mode = stat_mod.S_IMODE(os.stat(real).st_mode)
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    except (AttributeError, OSError, ValueError):  # no pthread_sigmask on this platform
        previous = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".kvguard-", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, real)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    finally:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
