"""Lint a module from its reduced text, with positions mapped back to the full text.

The reduction (:mod:`lint_rules.reduce`) blanks the bodies of functions that cannot take part in a
finding (body -> ``pass``, the other body lines dropped). Its soundness argument (and the tests
behind it) says the reduced module has exactly the findings of the full one. Every line of the
reduced text other than the ``pass`` that stands for a blanked body is a line of the full text,
unchanged, in order. So once each reduced line is mapped to its original line, the positions of
the reduced module are the positions of the full module (same columns: the lines are identical),
and the full module never has to be parsed, analysed or positioned. That is most of the cost of
a lint or a fix of a big backend file with findings.

The map is computed here, not taken from the reduction: the blanked bodies are found with
``ast`` (each function's body range, as the reduction sees them) and the two texts are aligned
line by line; any line that does not match exactly makes :func:`analyse` fall back to the full
parse. A wrong map can therefore not happen silently: every mapped line is checked to be the
same text.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Optional

from .model import Finding, Location, ScopeConfig

# Python's own line ends (as in reduce.py).
_LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")


@dataclass(eq=False)
class LintState:
    """A linted module: the parsed (possibly reduced) module, its analysis, the raw findings
    and a way to position any of its nodes in the original text."""

    text: str
    module: object = None  # cst.Module (reduced or full); None when no finding is possible
    analysis: object = None  # ModuleAnalysis
    raw: list = field(default_factory=list)  # RawFinding
    line_map: Optional[list] = None  # reduced line (0-based index) -> original line (1-based)
    reduced: bool = False
    _positions: object = None
    _tree: object = None  # stdlib ast of the full text (False: does not parse)
    _starts: Optional[list] = None
    annotated: bool = False  # fixes.plan.annotate ran (fix infos and reasons are set)

    @property
    def tree(self):
        if self._tree is None:
            try:
                self._tree = ast.parse(self.text)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                self._tree = False
        return self._tree or None

    def line_starts(self) -> list:
        if self._starts is None:
            from itertools import accumulate

            self._starts = [0, *accumulate(len(line) for line in _LINE.findall(self.text))]
        return self._starts

    def _pos(self):
        if self._positions is None:
            self._positions = positions(self.module)
        return self._positions

    def line(self, reduced_line: int) -> int:
        return reduced_line if self.line_map is None else self.line_map[reduced_line - 1]

    def span(self, node) -> tuple[int, int, int, int]:
        """(start row, start col, end row, end col) in the original text; rows 1-based,
        columns 0-based character offsets."""
        rng = self._pos()[node]
        return self.line(rng.start.line), rng.start.column, self.line(rng.end.line), rng.end.column

    def positioned(self) -> list[tuple[Finding, int]]:
        """Positioned findings plus the first line of each finding's statement."""
        out = []
        for r in self.raw:
            row, col, end_row, end_col = self.span(r.node)
            stmt_line = self.span(r.statement)[0] if r.statement is not None else row
            out.append(
                (
                    Finding(
                        code=r.code,
                        message=r.message,
                        location=Location(row, col + 1),
                        end_location=Location(end_row, end_col + 1),
                        context=r.context,
                        fix=r.fix,
                    ),
                    stmt_line,
                )
            )
        return out


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

    return _Positions()


def _blanked_bodies(tree) -> Optional[dict[int, int]]:
    """body first line -> function end line, for every function whose body starts below its
    ``def`` line (the ones the reduction may blank); None when ``ast`` cannot parse."""
    if tree is None:
        return None
    out = {}
    stack = list(tree.body)
    while stack:  # what the reduction may blank: functions at module level and in classes
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0].lineno
            if first > node.lineno:
                out[first] = node.end_lineno or first
        elif isinstance(node, ast.stmt):
            for name in ("body", "orelse", "finalbody", "handlers", "cases"):
                stack.extend(getattr(node, name, None) or [])
        elif isinstance(node, (ast.excepthandler, ast.match_case)):
            stack.extend(node.body)
    return out


def line_map(text: str, reduced: str, tree=None) -> Optional[list[int]]:
    """For each line of ``reduced``, the line of ``text`` it is (1-based); None when the two
    cannot be aligned as "blanked bodies only" (the caller then parses the full text).
    ``tree``: the ``ast`` of ``text``, when already parsed."""
    if tree is None:
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
    bodies = _blanked_bodies(tree)
    if bodies is None:
        return None
    orig = _LINE.findall(text)
    red = _LINE.findall(reduced)
    out: list[int] = []
    i = 0  # index into orig
    for j, line in enumerate(red):
        if i >= len(orig):
            return None
        n = i + 1
        end = bodies.get(n)
        if end is not None and line.strip() == "pass":
            if line != orig[i]:
                blanked = True
            elif end > n:
                # a body that starts with a literal ``pass``: blanked when the next reduced
                # line is not the next original line (a wrong guess fails the alignment below)
                blanked = j + 1 >= len(red) or red[j + 1] != orig[i + 1]
            else:
                blanked = False
            if blanked:
                indent = orig[i][: len(orig[i]) - len(orig[i].lstrip(" \t"))]
                if line.rstrip("\r\n") != indent + "pass":
                    return None
                out.append(n)
                i = end
                continue
        if line != orig[i]:
            return None
        out.append(n)
        i += 1
    return out if i == len(orig) else None


_LAST: list = []  # [(key, LintState)]: the last module analysed (a fix re-reads what the lint saw)
_LAST_REDUCED: list = []  # [(key, (clean, reduced))]


def reduce_cached(text: str, codes, **options) -> tuple:
    """``reduce.reduce_for(text, codes, **options)``, remembering the last answer: the engine
    asks it in its prefilter stage, then again (same text) when it lints a file the proof did
    not settle."""
    key = (text, frozenset(codes), tuple(sorted(options.items(), key=lambda kv: kv[0])))
    if _LAST_REDUCED and _LAST_REDUCED[0][0] == key:
        return _LAST_REDUCED[0][1]
    from .reduce import reduce_for

    answer = reduce_for(text, codes, **options)
    _LAST_REDUCED[:] = [(key, answer)]
    return answer


def analyse(text: str, path: str, codes: frozenset, scope: ScopeConfig, reduce: bool = True):
    """The :class:`LintState` of ``text``, analysed from the reduced module when ``reduce`` (the
    caller's gate: ``checker.may_reduce``) and possible.

    Raises the checker's parse failure for a text that cannot be parsed (only when the full
    text has to be parsed: a reduced text that does not parse falls back to the full one).
    The last state is kept: ``kvguard fix`` lints a file, then fixes it, and the fixer starts
    from the same text (the state is a pure function of the arguments)."""
    key = (text, path, frozenset(codes), scope, reduce)
    if _LAST and _LAST[0][0] == key:
        return _LAST[0][1]
    state = _analyse(text, path, codes, scope, reduce)
    if state.raw:
        _LAST[:] = [(key, state)]
    return state


def _analyse(text: str, path: str, codes: frozenset, scope: ScopeConfig, reduce: bool = True):
    from .checker import _ParseFailure, parse_module, run_rules_on_module

    if reduce:  # the caller decides (checker.may_reduce)
        clean, reduced = reduce_cached(text, codes, scope=scope)
        if clean:
            return LintState(text)
        if reduced is not None:
            try:
                module = parse_module(reduced, path)
                analysis, raw = run_rules_on_module(module, path, codes, scope)
            except (_ParseFailure, RecursionError):
                module = None  # the full parse reports the real problem
            if module is not None:
                if not raw:
                    return LintState(text)
                state = LintState(text, module, analysis, raw, reduced=True)
                tree = state.tree
                mapping = line_map(text, reduced, tree) if tree is not None else None
                if mapping is not None:
                    state.line_map = mapping
                    return state
    module = parse_module(text, path)
    try:
        analysis, raw = run_rules_on_module(module, path, codes, scope)
    except RecursionError:
        raise _ParseFailure("cannot analyse: nesting too deep") from None
    return LintState(text, module, analysis, raw)
