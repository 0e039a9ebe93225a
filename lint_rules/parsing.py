"""libcst parsing and positions, below the analysis and the checker (libcst is imported only
when a function here is called): ``parse_module`` hands libcst only what CPython's own parser
accepts (``cpython_refusal``), with a one-line reason on failure (``ParseFailure``);
``positions`` gives libcst's ``PositionProvider`` ranges the cheap way."""

from __future__ import annotations

import re
from typing import Optional

from .model import exception_reason


class ParseFailure(Exception):
    """A text libcst cannot (or must not) parse; its message is the file's one-line error."""


def cpython_refusal(text: str) -> Optional[str]:
    """Why CPython's own parser refuses ``text`` (one line), or None when it parses. Run
    before every libcst parse: libcst's native parser has no nesting limit of its own and
    crashes the process (SIGSEGV) on input CPython refuses, e.g. 2000 nested parentheses.
    The ``ast`` conversion recurses in Python, so its depth is bounded by the recursion
    limit (a ``RecursionError``), never by the C stack."""
    import ast

    try:
        ast.parse(text)
    except SyntaxError as exc:
        msg = str(exc.msg or "invalid syntax").strip().splitlines()[0]
        if "null bytes" in msg and "\0" in text:  # CPython gives no position for these
            at = text.index("\0")
            line, col = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
            return f"syntax error at line {line}, column {col}: {msg}"
        if exc.lineno:
            return f"syntax error at line {exc.lineno}, column {exc.offset or 1}: {msg}"
        return f"syntax error: {msg}"
    except (RecursionError, MemoryError):
        return "cannot parse: nesting too deep (CPython's parser refuses it too)"
    except ValueError as exc:  # older interpreters: null bytes
        return f"cannot parse: {exception_reason(exc)}"
    return None


def parse_module(text: str, path: str, checked: bool = False):
    """Parse with libcst; a clear one-line reason on failure. What CPython refuses is never
    handed to libcst (:func:`cpython_refusal`); ``checked``: the caller has just parsed
    ``text`` with ``ast``."""
    import libcst as cst

    if not checked:
        refusal = cpython_refusal(text)
        if refusal is not None:
            raise ParseFailure(refusal)
    try:
        return cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        line, col, msg = exc.raw_line, exc.raw_column + 1, exc.message
        m = re.search(r"error at (\d+):(\d+): (.*)", msg)
        if m:  # the native parser puts its own position into the message
            line, col, msg = int(m.group(1)), int(m.group(2)) + 1, m.group(3)
        raise ParseFailure(f"syntax error at line {line}, column {col}: {msg.strip()}") from None
    except (RecursionError, MemoryError):  # pathological nesting
        raise ParseFailure("cannot parse: nesting too deep") from None
    except Exception as exc:  # libcst raises a few other types on odd input
        raise ParseFailure(f"cannot parse: {exception_reason(exc)}") from None


def positions(module):
    """libcst's ``PositionProvider`` ranges for every node of ``module``, computed lazily.

    The provider builds a ``CodeRange`` per node while it regenerates the module, updating the
    line and column token by token; on a reduced backend module that is most of the lint's
    cost. Here the same code generation only notes token indices (the node's syntactic range
    where libcst records one, its whole range otherwise: the provider's rules), and a node's
    range is turned into rows and columns only when asked. ``tests/lint/test_sparse.py``
    checks every node against the provider on real backends."""
    from bisect import bisect_right

    from libcst._nodes.internal import CodegenState
    from libcst._position import CodePosition, CodeRange

    spans: dict = {}

    class _Record:
        __slots__ = ("state", "node", "start_node", "end_node", "start")

        def __init__(self, state, node, start_node, end_node) -> None:
            self.state, self.node, self.start_node, self.end_node = (
                state,
                node,
                start_node,
                end_node,
            )

        def __enter__(self) -> None:
            self.start = len(self.state.tokens)

        def __exit__(self, *exc) -> None:
            start = spans[self.start_node][0] if self.start_node is not None else self.start
            end = spans[self.end_node][1] if self.end_node is not None else len(self.state.tokens)
            spans[self.node] = (start, end)

    class _State(CodegenState):
        def __init__(self, default_indent: str, default_newline: str) -> None:
            super().__init__(default_indent=default_indent, default_newline=default_newline)
            self.stack: list = []
            self.popped: list = []

        def before_codegen(self, node) -> None:
            self.stack.append(len(self.tokens))

        def after_codegen(self, node) -> None:
            start = self.stack.pop()
            if node not in spans:
                spans[node] = (start, len(self.tokens))

        def record_syntactic_position(self, node, *, start_node=None, end_node=None):
            return _Record(self, node, start_node, end_node)

        def pop_trailing_newline(self) -> None:
            if self.tokens:
                self.popped.append(self.tokens.pop())

    state = _State(module.default_indent, module.default_newline)
    module._codegen(state)
    tokens = state.tokens + state.popped
    from itertools import accumulate

    offsets = [0, *accumulate(map(len, tokens))]
    code = "".join(tokens)
    line_starts = [0, *(m.end() for m in re.finditer(r"\r\n?|\n", code))]

    def at(index: int):
        offset = offsets[index]
        line = bisect_right(line_starts, offset)
        return CodePosition(line, offset - line_starts[line - 1])

    class _Positions:
        def __getitem__(self, node):
            start, end = spans[node]
            return CodeRange(at(start), at(end))

        def get(self, node, default=None):
            span = spans.get(node)
            return default if span is None else CodeRange(at(span[0]), at(span[1]))

    return _Positions()
