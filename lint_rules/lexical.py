"""Lexical helpers shared by the proofs (reduce.py) and KVG003's path conditions (pathcond.py):
word searches over source text, no parse, no package import."""

from __future__ import annotations

import re

IDENT_CHAR = re.compile(r"\w")


def search_words(pattern: str, text: str, flags: int = 0) -> bool:
    r"""``re.search(r"\b" + pattern, text, flags)`` for a ``pattern`` that starts with a word
    character: searched without the leading ``\b`` (a pattern starting with a literal is
    scanned for it; one starting with ``\b`` is tried at every position), the boundary
    checked at each match's start."""
    compiled = re.compile(pattern, flags)
    pos = 0
    while True:
        m = compiled.search(text, pos)
        if m is None:
            return False
        at = m.start()
        if not (at and IDENT_CHAR.match(text, at - 1)):
            return True
        pos = at + 1
