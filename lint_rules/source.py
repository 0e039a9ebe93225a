"""Source bytes <-> text, exactly as Python reads them, and back byte-exactly.

Python decides the encoding of a source file from a UTF-8 byte order mark and/or a PEP 263
coding cookie on line 1 or 2 (line 2 only when line 1 is blank or a comment), defaulting to
UTF-8.  :func:`decode_source` follows those rules (delegating to :func:`tokenize.detect_encoding`
whenever a cookie may be present) and keeps the original newlines: no newline translation, so
``\\r\\n`` and lone ``\\r`` survive and :func:`encode_source` gives back the very same bytes.

Errors are :class:`SourceDecodeError` with a one-line, human readable reason.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from typing import Optional

BOM = codecs.BOM_UTF8


class SourceDecodeError(ValueError):
    """The bytes are not valid Python source text (bad cookie, undecodable bytes...)."""


class SourceEncodeError(ValueError):
    """The text cannot be written back in the file's encoding."""


@dataclass(frozen=True, slots=True)
class DecodedSource:
    """A file's text as decoded, with what writing it back needs."""

    text: str
    # Normalised codec name, e.g. "utf-8", "iso-8859-1".
    encoding: str
    # True when the file started with a UTF-8 byte order mark (kept on write).
    bom: bool = False


def _may_have_cookie(data: bytes) -> bool:
    """Cheap test: can one of the first two lines hold a coding cookie?"""
    first = data.find(b"\n")
    end = -1 if first == -1 else data.find(b"\n", first + 1)
    if end == -1:
        end = len(data)
    # Lines ended by a lone "\r" end no later than the second "\n", so ``data[:end]`` covers
    # them. Searched in place (no copy of the head).
    return data.find(b"coding", 0, end) != -1


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


_COOKIE_RE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_BLANK_RE = re.compile(rb"^[ \t\f]*(?:[#\r\n]|$)")


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _raw_cookie(data: bytes) -> Optional[str]:
    """The PEP 263 cookie of line 1 or 2 read from the bytes (as CPython does), or None."""
    lines = data.splitlines(keepends=True)[:2]
    for i, line in enumerate(lines):
        m = _COOKIE_RE.match(line)
        if m:
            return m.group(1).decode("ascii", "replace")
        if i == 0 and not _BLANK_RE.match(line):
            return None
        if i == 0 and not _is_utf8(line):
            return None  # CPython decodes line 1 as UTF-8 before it looks at line 2
    return None


def detect_encoding(data: bytes) -> tuple[str, bool]:
    """Return ``(encoding, has_bom)`` for source bytes, following Python's rules."""
    bom = data.startswith(BOM)
    if not _may_have_cookie(data):
        return "utf-8", bom
    import io
    import tokenize

    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        # tokenize gives up on a first/second line that is not UTF-8 ("invalid or missing
        # encoding declaration"); CPython reads the cookie from the raw bytes instead.  No cookie
        # there: a plain UTF-8 file with bad bytes, reported precisely by the decode below.
        if "invalid or missing" not in str(exc.msg):
            raise SourceDecodeError(f"invalid encoding declaration: {exc.msg}") from None
        encoding = _raw_cookie(data[len(BOM) :] if bom else data)
        if encoding is None:
            return "utf-8", bom
        if bom and encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
            raise SourceDecodeError(
                f"invalid encoding declaration: {encoding} with a UTF-8 BOM"
            ) from None
    if encoding == "utf-8-sig":
        encoding = "utf-8"
    try:
        encoding = codecs.lookup(encoding).name
    except LookupError:  # a raw cookie naming no codec (tokenize checks its own)
        raise SourceDecodeError(f"unknown encoding: {encoding}") from None
    if not _ascii_compatible(encoding):
        # CPython decodes the whole file, cookie line included, with the named codec: the
        # cookie that named it cannot survive (``# coding: utf-16`` is a SyntaxError there)
        raise SourceDecodeError(
            f"encoding problem: {encoding} is not ASCII-compatible (Python cannot read "
            "a source file in it)"
        )
    return encoding, bom


_PROBE = b"# -*- coding: x -*-\nimport os\n"


def _ascii_compatible(encoding: str) -> bool:
    try:
        return _PROBE.decode(encoding) == _PROBE.decode("ascii")
    except (UnicodeDecodeError, LookupError):
        return False


def decode_source(data: bytes) -> DecodedSource:
    """Decode source bytes like the Python interpreter does (newlines untouched)."""
    encoding, bom = detect_encoding(data)
    body = data[len(BOM) :] if bom else data
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as exc:
        offset = exc.start + (len(BOM) if bom else 0)
        raise SourceDecodeError(
            f"cannot decode as {encoding}: {exc.reason} (byte 0x{body[exc.start]:02x} "
            f"at line {_line_of(data, offset)}, byte offset {offset})"
        ) from None
    except LookupError as exc:  # pragma: no cover - defensive
        raise SourceDecodeError(str(exc)) from None
    return DecodedSource(text=text, encoding=encoding, bom=bom)


def encode_source(text: str, encoding: str = "utf-8", bom: bool = False) -> bytes:
    """Encode text back to source bytes in ``encoding`` (with the BOM when it had one)."""
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        raise SourceEncodeError(
            f"cannot encode {text[exc.start:exc.end]!r} (line {line}) as {encoding}"
        ) from None
    return BOM + data if bom else data


def read_source(path: str) -> tuple[bytes, DecodedSource]:
    """Read and decode a file; raises OSError or :class:`SourceDecodeError`."""
    with open(path, "rb") as handle:
        data = handle.read()
    return data, decode_source(data)
