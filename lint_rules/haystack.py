"""One file's bytes, asked for byte needles by the prefilters (the project index's gate, the
rules' byte prefilter): each needle searched at most once per file, and, on a large run, with
the C library's ``strstr``.

Why ``strstr``: these tests run on every file of a run, several needles each, and they find
nothing in almost every file, so each search reads the whole file. CPython's ``bytes``
search runs at about 2.5 GB/s on source code; glibc's ``strstr`` (SIMD) searched the sglang
tree about five times faster, and the gate's needles through :class:`Haystack` (per-call costs
included) about twice as fast (``benchmarks/speed.py`` prints both). :func:`occurrences` walks the
occurrences of one needle the same way (the gate's scans for ``import`` and ``class`` lines: a
``bytes.find`` loop runs at CPython's speed). It is exact where it applies:
``strstr`` stops at the first NUL byte, so it is used only for bytes without one (a bytes
object always ends with a NUL after its last byte, which is where ``strstr`` stops) and for
needles without one; everything else is searched with ``in``. Loading it costs an import of
``ctypes`` (a few ms), so :func:`enable` is called by the engine for large runs only; until
then, and where there is no C library to load (or it answers a sanity check wrongly), every
search is ``in``.
"""

from __future__ import annotations

from typing import Any, Iterator

_STRSTR: Any = None  # None: not loaded; False: unavailable; else the C function
_STRSTR_AT: Any = None  # the same function, called with an address (``occurrences``)
# (the bytes ``occurrences`` last searched, its address or None): searches of one file follow
# each other, and this spares each its test for a NUL byte
_LAST: tuple = (None, None)
# (``0 in needle`` tests for a NUL byte as ``b"\0" in needle`` does, without the buffer
# protocol: ten times cheaper on a short needle, and asked before every search)


def enable() -> bool:
    """Load ``strstr`` for the searches that follow (this process and later forks)."""
    global _STRSTR, _STRSTR_AT
    if _STRSTR is None:
        _STRSTR = False
        try:
            import ctypes

            libc = ctypes.CDLL(None)  # the C library this interpreter runs with
            strstr = libc["strstr"]
            strstr.restype = ctypes.c_void_p
            at = libc["strstr"]  # another function object: its own argument types
            at.restype = ctypes.c_void_p
            at.argtypes = (ctypes.c_void_p, ctypes.c_char_p)
            hay = b"kv_allocator"
            base = strstr(hay, b"")
            if (
                strstr(hay, b"alloc") is not None
                and strstr(hay, b"kx") is None
                and at(base + 4, b"a") == base + 8
            ):
                _STRSTR, _STRSTR_AT = strstr, at
        except Exception:  # no C library to load here (e.g. Windows): ``in`` it is
            pass
    return bool(_STRSTR)


def disable() -> None:
    """Back to ``in`` for every search (tests)."""
    global _STRSTR, _STRSTR_AT, _LAST
    _STRSTR = _STRSTR_AT = None
    _LAST = (None, None)


def occurrences(data: bytes, needle: bytes) -> Iterator[int]:
    """The offsets of ``needle`` (not empty) in ``data``, each search starting after the
    previous occurrence: ``at = data.find(needle, at + len(needle))`` from ``data.find(needle)``
    until -1. With ``strstr``, from the address of that end (``data`` has no NUL byte: its
    trailing NUL is where each search stops)."""
    global _LAST
    size = len(needle)
    last = _LAST
    if last[0] is data:
        base = last[1]
    else:
        strstr = _STRSTR
        usable = strstr and type(data) is bytes and 0 not in data
        base = strstr(data, b"") if usable else None  # the address of its first byte
        _LAST = (data, base)
    if base is not None and 0 not in needle:
        search = _STRSTR_AT
        found = search(base, needle)
        while found is not None:
            yield found - base
            found = search(found + size, needle)
        return
    at = data.find(needle)
    while at >= 0:
        yield at
        at = data.find(needle, at + size)


class Haystack:
    """``data`` and what was searched in it: :meth:`has` memoises each needle's answer."""

    __slots__ = ("data", "found", "_search")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.found: dict[bytes, bool] = {}
        strstr = _STRSTR
        # a NUL inside the bytes would stop ``strstr`` early: those are searched with ``in``
        self._search = strstr if strstr and 0 not in data else None

    def any(self, needles) -> bool:
        """Does one of ``needles`` occur (``has`` of each in turn, up to the first found)?"""
        found = self.found
        data = self.data
        search = self._search
        for needle in needles:
            hit = found.get(needle)
            if hit is None:
                if search is not None and 0 not in needle:
                    hit = found[needle] = search(data, needle) is not None
                else:
                    hit = found[needle] = needle in data
            if hit:
                return True
        return False

    def has(self, needle: bytes) -> bool:
        found = self.found.get(needle)
        if found is None:
            search = self._search
            if search is not None and 0 not in needle:
                found = search(self.data, needle) is not None
            else:
                found = needle in self.data
            self.found[needle] = found
        return found

    def known_missing(self, needle: bytes) -> None:
        """Record that ``needle`` is not in the bytes (a needle holding a missing word)."""
        self.found[needle] = False
