"""Where a module's functions are, from its text alone: no parse.

``ast.parse`` costs about a millisecond per 3 KB; the reduction (reduce.py) mostly needs to know
which top-level functions and methods a few words occur in, and then the syntax tree of only
those functions. :func:`outline` finds every top-level function and method (decorators
included, nested functions inside) with one lexical scan that removes strings and comments, and
a walk over the remaining lines of low indentation, tracking brackets and backslash
continuations.

The scan models Python's lexer exactly for the code it accepts, and refuses (returns None, so
the caller parses the module) whatever it does not model: a string that does not end, an
f-string whose replacement field is still open where the scan ends it (Python 3.12 lets fields
hold the outer quote), tabs or form feeds in code, ``\\r`` line ends, non-ASCII code (NFKC
identifiers), unbalanced brackets, a ``def``/``class`` line inside brackets or after a
backslash, and a ``def`` deeper than the scan looks that no function encloses.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Optional

# A single-quoted string from its opening quote (a backslash escapes anything, a newline too).
_SINGLE = {
    '"': re.compile(r'"[^"\\\n]*(?:\\[\s\S][^"\\\n]*)*"'),
    "'": re.compile(r"'[^'\\\n]*(?:\\[\s\S][^'\\\n]*)*'"),
}
# A logical line starting with one of these keywords is a def or class statement; its name must
# then follow in the plain form (anything else is refused rather than guessed).
_KEYWORD = re.compile(r"(?:async\b[ \\]*)?(?:def|class)\b")
_HEAD = re.compile(r"(?:async +)?def +([A-Za-z_]\w*)|class +([A-Za-z_]\w*)")
_CLASS_WORD = re.compile(r"class\b")
_DEF_WORD = re.compile(r"def\b")
_ASYNC_PREFIX = re.compile(r" *(?:async\b[ \\]*)?")
# Lines of low indentation, found on the code with a "\n" in front: a literal first character
# keeps the regex scan fast (a "^" under re.M is several times slower).
_CANDIDATES: dict[int, re.Pattern] = {}
_PREFIX_CHARS = frozenset("rRbBuUfF")
_IDENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


@dataclass(slots=True)
class Chunk:
    """One top-level function or method: ``text[start:end]`` (decorators and trailing blank or
    comment lines included, nested functions inside)."""

    name: str
    cls: Optional[str]  # the innermost enclosing class, if any
    start: int  # offset of its first line (the first decorator, or the ``def``)
    end: int  # offset where the next statement at its indentation or less begins
    indent: int


@dataclass(slots=True)
class Outline:
    text: str
    chunks: list[Chunk]
    comments: list[tuple[int, int]]  # (start, end) offsets of the comments, in order

    def chunk_at(self, offset: int) -> Optional[int]:
        """Index of the chunk holding ``offset``, or None (code outside functions)."""
        i = bisect_right(self.chunks, offset, key=_start) - 1
        return i if i >= 0 and offset < self.chunks[i].end else None

    def in_comment(self, offset: int) -> bool:
        i = bisect_right(self.comments, (offset, len(self.text))) - 1
        return i >= 0 and self.comments[i][0] <= offset < self.comments[i][1]

    def source(self, chunk: Chunk) -> str:
        """The chunk's text, parseable on its own (indented code goes under ``if 1:``)."""
        body = self.text[chunk.start : chunk.end]
        return "if 1:\n" + body if chunk.indent else body


def _start(chunk: Chunk) -> int:
    return chunk.start


def _fstring_closed(body: str) -> bool:
    """Does every replacement field of an f-string body close inside it? (False when unsure.)"""
    if "{" not in body and "}" not in body:
        return True
    i, n, depth = 0, len(body), 0
    while i < n:
        c = body[i]
        if depth == 0:
            if c in "{}":
                if body[i + 1 : i + 2] == c:
                    i += 2
                    continue
                if c == "}":
                    return False
                depth = 1
        elif c in "{([":
            depth += 1
        elif c in "})]":
            depth -= 1
        elif c in "'\"":
            end = body.find(c, i + 1)
            if end < 0:
                return False
            i = end
        i += 1
    return depth == 0


def _blank(token: str, mark: str) -> str:
    """``token`` as code-free filler of the same length and the same line ends."""
    if "\n" not in token:
        return mark + " " * (len(token) - 1)
    return mark + "\n".join(" " * len(line) for line in token.split("\n"))[1:]


def _code_only(text: str) -> Optional[tuple[str, list[tuple[int, int]], set[int]]]:
    """``(code, comments, continued)``: the text with comments blanked and each string turned
    into ``S`` plus blanks (same offsets, same lines), the comment spans, and the offsets of the
    lines that begin inside a string (they continue its logical line)."""
    n = len(text)
    find = text.find
    pieces: list[str] = []
    comments: list[tuple[int, int]] = []
    continued: set[int] = set()
    pos = 0
    hashes, dquote, squote = find("#"), find('"'), find("'")
    while True:
        s = min(
            hashes if hashes >= 0 else n, dquote if dquote >= 0 else n, squote if squote >= 0 else n
        )
        if s >= n:
            break
        c = text[s]
        if c == "#":
            e = find("\n", s)
            e = n if e < 0 else e
            comments.append((s, e))
            pieces.append(text[pos:s])
            pieces.append(" " * (e - s))
        else:
            if text.startswith(c * 3, s):
                k = s + 3
                while True:
                    k = find(c * 3, k)
                    if k < 0:
                        return None  # the string never ends
                    b = k
                    while text[b - 1] == "\\":
                        b -= 1
                    if (k - b) % 2 == 0:
                        break
                    k += 1  # an escaped quote: the delimiter may start right after it
                e, q = k + 3, 3
            else:
                m = _SINGLE[c].match(text, s)
                if m is None:
                    return None
                e, q = m.end(), 1
            if s and text[s - 1] in _PREFIX_CHARS:
                j = s - 1
                if j > pos and text[j - 1] in _PREFIX_CHARS:
                    j -= 1
                if "f" in text[j:s].lower() and (j == 0 or text[j - 1] not in _IDENT_CHARS):
                    if not _fstring_closed(text[s + q : e - q]):
                        return None
            pieces.append(text[pos:s])
            token = text[s:e]
            pieces.append(_blank(token, "S"))
            if "\n" in token:
                continued.add(text.rfind("\n", s, e) + 1)
        pos = e
        if hashes >= 0 and hashes < e:
            hashes = find("#", e)
        if dquote >= 0 and dquote < e:
            dquote = find('"', e)
        if squote >= 0 and squote < e:
            squote = find("'", e)
    pieces.append(text[pos:])
    return "".join(pieces), comments, continued


def _brackets(code: str, a: int, b: int) -> int:
    count = code.count
    return (
        count("(", a, b)
        + count("[", a, b)
        + count("{", a, b)
        - count(")", a, b)
        - count("]", a, b)
        - count("}", a, b)
    )


def outline(text: str) -> Optional[Outline]:
    """The module's top-level functions and methods, or None when the scan cannot vouch for
    them (the caller then parses the module)."""
    if "\r" in text:
        return None
    lexed = _code_only(text)
    if lexed is None:
        return None
    code, comments, continued = lexed
    if not code.isascii() or "\t" in code or "\f" in code:
        return None
    # The walk looks at lines indented up to ``deepest``: enough for methods of every class. A
    # def deeper than that outside every function (under nested if/try blocks) widens it.
    deepest = 4 + max((indent for _, indent in _line_heads(code, _CLASS_WORD)), default=0)
    defs = list(_line_heads(code, _DEF_WORD))
    while True:
        walked = _walk(text, code, comments, continued, deepest)
        if walked is None:
            return None
        wider = [i for start, i in defs if i > deepest and walked.chunk_at(start) is None]
        if not wider:
            return walked
        deepest = max(wider)


def _walk(
    text: str, code: str, comments: list, continued: set[int], deepest: int
) -> Optional[Outline]:
    cand = _CANDIDATES.get(deepest)
    if cand is None:
        cand = _CANDIDATES[deepest] = re.compile(r"\n {0,%d}(?=[^ \n])" % deepest)

    chunks: list[Chunk] = []
    stack: list[tuple[int, str, str]] = []  # open blocks: (indent, "class"/"chunk"/"def", name)
    depth = prev = 0
    decorated: Optional[int] = None
    head_match, keyword_match = _HEAD.match, _KEYWORD.match
    for m in cand.finditer("\n" + code):  # m.start() is then the line's offset in code
        p, at = m.start(), m.end() - 1
        depth += _brackets(code, prev, p)
        prev = p
        if depth < 0:
            return None
        if depth or p in continued or (p >= 2 and code[p - 2] == "\\"):
            if keyword_match(code, at):
                return None  # def/class inside brackets or after a backslash: not modelled
            continue
        indent = at - p
        while stack and stack[-1][0] >= indent:
            if stack.pop()[1] == "chunk":
                chunks[-1].end = p
        head = head_match(code, at)
        if head is None:
            if keyword_match(code, at):
                return None  # a def/class spelled in a way the scan does not read
            if code.startswith("@", at):
                decorated = p if decorated is None else decorated
            else:
                decorated = None
            continue
        name, cls_name = head.groups()
        if cls_name is not None:
            stack.append((indent, "class", cls_name))
        elif any(kind != "class" for _, kind, _ in stack):
            stack.append((indent, "def", name))  # nested: part of the enclosing chunk
        else:
            start = p if decorated is None else decorated
            enclosing = next((n for _, kind, n in reversed(stack) if kind == "class"), None)
            chunks.append(Chunk(name, enclosing, start, len(text), indent))
            stack.append((indent, "chunk", name))
        decorated = None
    if depth + _brackets(code, prev, len(code)):
        return None
    return Outline(text, chunks, comments)


def _line_heads(code: str, word: re.Pattern):
    """``(line offset, indentation)`` of each line that starts with ``word`` (after ``async``)."""
    for m in word.finditer(code):
        pos = m.start()
        if pos and code[pos - 1] in _IDENT_CHARS:
            continue
        start = code.rfind("\n", 0, pos) + 1
        if _ASYNC_PREFIX.match(code, start).end() == pos:
            yield start, len(code[start:pos]) - len(code[start:pos].lstrip(" "))
