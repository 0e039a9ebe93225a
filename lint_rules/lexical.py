"""Lexical helpers shared by the proofs (reduce.py), KVG003's path conditions (pathcond.py) and
the rules decided on ``ast`` (gating.py, index_space.py): word searches over source text and
``ast`` columns as character columns; no parse, no package import."""

from __future__ import annotations

import re

IDENT_CHAR = re.compile(r"\w")
LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")  # Python's line ends


def char_col(lines: list, row: int, col: int) -> int:
    """``ast``'s UTF-8 byte column on 1-based ``row`` of ``lines`` as a character column."""
    line = lines[row - 1]
    return col if line.isascii() else len(line.encode("utf-8")[:col].decode("utf-8", "replace"))


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


def node_span(lines: list, node) -> tuple:
    """An ``ast`` node's (row, column, end row, end column) in characters: the position every
    rule decided on ``ast`` reports."""
    return (
        node.lineno,
        char_col(lines, node.lineno, node.col_offset),
        node.end_lineno,
        char_col(lines, node.end_lineno, node.end_col_offset),
    )
