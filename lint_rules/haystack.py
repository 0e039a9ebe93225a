"""One file's bytes, asked for byte needles by the prefilters (the project index's gate, the
rules' byte prefilter): each needle searched at most once per file, and, on a large run, with
the C library's ``strstr``.

Why ``strstr``: these tests run on every file of a run, several needles each, and they find
nothing in almost every file, so each search reads the whole file. CPython's ``bytes``
search runs at about 2.5 GB/s on source code; glibc's ``strstr`` (SIMD) searched the sglang
tree about five times faster, and the gate's needles through :class:`Haystack` (per-call costs
included) about twice as fast (``benchmarks/speed.py`` prints both). It is exact where it applies:
``strstr`` stops at the first NUL byte, so it is used only for bytes without one (a bytes
object always ends with a NUL after its last byte, which is where ``strstr`` stops) and for
needles without one; everything else is searched with ``in``. Loading it costs an import of
``ctypes`` (a few ms), so :func:`enable` is called by the engine for large runs only; until
then, and where there is no C library to load (or it answers a sanity check wrongly), every
search is ``in``.
"""

from __future__ import annotations

from typing import Any

_STRSTR: Any = None  # None: not loaded; False: unavailable; else the C function


def enable() -> bool:
    """Load ``strstr`` for the searches that follow (this process and later forks)."""
    global _STRSTR
    if _STRSTR is None:
        _STRSTR = False
        try:
            import ctypes

            strstr = ctypes.CDLL(None).strstr  # the C library this interpreter runs with
            strstr.restype = ctypes.c_void_p
            if strstr(b"kv_allocator", b"alloc") is not None and strstr(b"kv", b"kx") is None:
                _STRSTR = strstr
        except Exception:  # no C library to load here (e.g. Windows): ``in`` it is
            pass
    return bool(_STRSTR)


def disable() -> None:
    """Back to ``in`` for every search (tests)."""
    global _STRSTR
    _STRSTR = None


class Haystack:
    """``data`` and what was searched in it: :meth:`has` memoises each needle's answer."""

    __slots__ = ("data", "found", "_search")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.found: dict[bytes, bool] = {}
        strstr = _STRSTR
        # a NUL inside the bytes would stop ``strstr`` early: those are searched with ``in``
        self._search = strstr if strstr and b"\0" not in data else None

    def has(self, needle: bytes) -> bool:
        found = self.found.get(needle)
        if found is None:
            search = self._search
            if search is not None and b"\0" not in needle:
                found = search(self.data, needle) is not None
            else:
                found = needle in self.data
            self.found[needle] = found
        return found

    def known_missing(self, needle: bytes) -> None:
        """Record that ``needle`` is not in the bytes (a needle holding a missing word)."""
        self.found[needle] = False
