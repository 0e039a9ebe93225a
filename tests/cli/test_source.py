"""source.py: decode like Python, keep newlines, encode back byte-exactly."""

from __future__ import annotations

import io
import tokenize

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lint_rules.source import (
    SourceDecodeError,
    SourceEncodeError,
    decode_source,
    encode_source,
)


def roundtrip(data: bytes) -> bytes:
    src = decode_source(data)
    return encode_source(src.text, src.encoding, src.bom)


@pytest.mark.parametrize(
    "data, encoding, bom, text",
    [
        (b"x = 1\n", "utf-8", False, "x = 1\n"),
        (b"\xef\xbb\xbfx = '\xc3\xa9'\r\n", "utf-8", True, "x = '\u00e9'\r\n"),
        (
            b"# -*- coding: latin-1 -*-\nx = '\xe9'\n",
            "iso8859-1",
            False,
            "# -*- coding: latin-1 -*-\nx = '\u00e9'\n",
        ),
        (
            b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\ns = '\x80'\n",
            "cp1252",
            False,
            "#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\ns = '\u20ac'\n",
        ),
        (b"a = 1\r\nb = 2\rc = 3\n", "utf-8", False, "a = 1\r\nb = 2\rc = 3\n"),
        (b"", "utf-8", False, ""),
        (b"\xef\xbb\xbf", "utf-8", True, ""),
        # A cookie on line 2 after a code line is not a cookie (PEP 263): UTF-8 applies.
        (
            b"x = 1\n# coding: latin-1\ny = '\xc3\xa9'\n",
            "utf-8",
            False,
            "x = 1\n# coding: latin-1\ny = '\u00e9'\n",
        ),
        (
            b"# coding: utf-8\nno_newline_at_end = 1",
            "utf-8",
            False,
            "# coding: utf-8\nno_newline_at_end = 1",
        ),
    ],
)
def test_decode_like_python_and_roundtrip(data, encoding, bom, text):
    src = decode_source(data)
    assert (src.text, src.encoding, src.bom) == (text, encoding, bom)
    assert roundtrip(data) == data
    # The interpreter's own rules agree on the codec.
    py_enc, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    assert py_enc.replace("-sig", "") in (encoding, "utf-8", "iso-8859-1", "cp1252") and (
        __import__("codecs").lookup(py_enc.replace("-sig", "")).name == encoding
    )


@pytest.mark.parametrize(
    "data, fragment",
    [
        (b"x = '\xff\xfe'\n", "cannot decode as utf-8"),
        (b"# coding: no-such-codec\nx = 1\n", "encoding"),
        (b"\xef\xbb\xbf# coding: latin-1\nx = 1\n", "encoding"),
        (b"x = 1\ny = 2\nz = '\xc3'\n", "line 3"),
    ],
)
def test_bad_encodings_are_clear_errors(data, fragment):
    with pytest.raises(SourceDecodeError) as info:
        decode_source(data)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_encode_error_is_clear():
    with pytest.raises(SourceEncodeError, match="latin-1|iso8859-1"):
        encode_source("x = '\u20ac'\n", "latin-1")


newline = st.sampled_from(["\n", "\r\n", "\r"])
line = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"), max_size=30
)


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.tuples(line, newline), max_size=12), bom=st.booleans())
def test_utf8_roundtrip_is_byte_exact(lines, bom):
    text = "".join(a + b for a, b in lines)
    data = encode_source(text, "utf-8", bom)
    if not bom and text.lstrip("\ufeff") != text:
        return  # a text that itself starts with U+FEFF reads back as a BOM, as in Python
    src = decode_source(data)
    if "coding" in text:
        return  # a random cookie may legitimately change the codec
    assert src.text == text and src.bom == bom
    assert encode_source(src.text, src.encoding, src.bom) == data


@settings(max_examples=100, deadline=None)
@given(payload=st.binary(max_size=60))
def test_latin1_cookie_roundtrip_any_bytes(payload):
    data = b"# -*- coding: latin-1 -*-\n" + payload
    assert roundtrip(data) == data
