"""Encoding detection agrees with CPython on the edge cases where ``tokenize`` gives up.

``tokenize.detect_encoding`` raises "invalid or missing encoding declaration" whenever line 1
or 2 is not UTF-8 and mentions "coding"; CPython itself reads the cookie from the raw bytes.
Ground truth here is the interpreter: the file is run with ``python FILE``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from lint_rules.source import SourceDecodeError, decode_source, encode_source

CASES = {
    # no cookie, "coding" in a comment, non-UTF-8 byte on line 2: CPython rejects
    "word-coding-no-cookie": b"# ok line\nname = '\xe9t\xe9'  # latin-1 bytes, no coding cookie\n",
    # a real cookie on line 1 whose own line holds a latin-1 byte: CPython accepts
    "cookie-line-not-utf8": b"# coding: latin-1 caf\xe9\nx = '\xe9'\n",
    # line-2 cookie after a comment line that is not UTF-8: CPython rejects
    "line1-not-utf8-line2-cookie": b"#!/usr/bin/env python \xe9\n# coding: latin-1\n",
    # line-2 cookie line holding a latin-1 byte after a clean line 1: CPython accepts
    "line2-cookie-not-utf8": b"#!/usr/bin/env python\n# -*- coding: latin-1 -*- caf\xe9\nx = 1\n",
    # BOM with a latin-1 cookie: CPython rejects
    "bom-latin1-cookie": b"\xef\xbb\xbf# coding: latin-1 caf\xe9\n",
    # unknown codec: CPython rejects
    "unknown-codec": b"# coding: nope \xe9\n",
    # plain UTF-8 with "coding" mentioned: CPython accepts
    "utf8-word-coding": "# decoding helpers, caf\u00e9\nx = 1\n".encode(),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_accepts_exactly_what_cpython_accepts(name, tmp_path):
    data = CASES[name]
    path = tmp_path / "case.py"
    path.write_bytes(data)
    cpython = subprocess.run([sys.executable, str(path)], capture_output=True, text=True)
    try:
        source = decode_source(data)
    except SourceDecodeError as exc:
        assert cpython.returncode != 0, f"kvguard rejects ({exc}) what CPython runs"
        assert str(exc), "empty reason"
        if name == "word-coding-no-cookie":  # the precise reason, not "invalid declaration"
            assert (
                str(exc)
                == "cannot decode as utf-8: invalid continuation byte (byte 0xe9 at line 2, byte offset 18)"
            )
    else:
        assert cpython.returncode == 0, f"kvguard accepts what CPython rejects: {cpython.stderr}"
        assert encode_source(source.text, source.encoding, source.bom) == data
