"""Lint a module from its reduced text: the full text with the bodies of the functions that
cannot matter blanked in place, so the reduced module's positions are the full module's.

For a module the proof (:mod:`lint_rules.reduce`) cannot settle, libcst parses, analyses and
positions only a reduced text (:func:`reduced_text`): every function (outside functions) where
no selected rule can report, and whose libcst facts no rule consults, has its body's first line
replaced by ``pass`` at the same indentation and its other body lines emptied (line ends kept).
Every other line is the full text's, at the same line number, so a kept node has the same
(line, column) span in both modules: the flow model, built on the FULL text's ``ast``, is asked
by position as before, findings are positioned without a line map, and the position pass runs
over the small reduced module. Which functions are kept, and why the findings (codes,
positions, messages, fixes) are exactly the full module's: docs/lint.md, "The reduced module";
``tests/lint/test_sparse.py`` compares the two paths on real trees and generated backends.
Anything unexpected (a rule that is not reducible, a text ``ast`` cannot parse, a reduced text
libcst refuses) parses the full text.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

from .astfinding import AstFinding, Span  # noqa: F401  (the lint state's raw findings)
from .astwalk import walked
from .flow import KVCACHE, child_statements
from .model import Finding, Location, ScopeConfig
from .parsing import ParseFailure, parse_module, positions
from .registry import RULES

# Python's own line ends (as in reduce.py).
_LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")


@dataclass(eq=False, slots=True)
class LintState:
    """A linted module: the parsed (possibly reduced) module, its analysis, the raw findings
    and a way to position any of its nodes in the original text."""

    text: str
    module: object = None  # cst.Module (reduced or full); None when no finding is possible
    analysis: object = None  # ModuleAnalysis
    raw: list = field(default_factory=list)  # RawFinding
    reduced: bool = False  # the module is the reduced text (same lines, same positions)
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
            analysis = self.analysis
            self._positions = (
                analysis.positions() if analysis is not None else positions(self.module)
            )
        return self._positions

    def span(self, node) -> tuple[int, int, int, int]:
        """(start row, start col, end row, end col) in the original text (the reduced text
        has its lines); rows 1-based, columns 0-based character offsets."""
        if isinstance(node, Span):
            return node
        rng = self._pos()[node]
        return rng.start.line, rng.start.column, rng.end.line, rng.end.column

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


# --------------------------------------------------------------------------------------------
# The reduced text: the bodies of the functions where no selected rule can report (and whose
# libcst facts no rule consults) are blanked IN PLACE: the body's first line becomes ``pass``
# (same indentation), its other lines become empty (line ends kept). Every other line is the
# full text's, at the same line number, so every node of the reduced module has the positions
# of the same node of the full module: the flow model (built on the full text) is asked by
# position unchanged, findings need no line map, and positions are computed for the small
# reduced module only. The soundness argument is in docs/lint.md ("The reduced module").

# The word that makes a function's own libcst facts module-wide: a class statement (the class
# table: bases, scope; the first definition of a name wins). Imports are module-wide too (the
# alias table), but the analysis of a reduced module reads them from the full text's ast.
_MODULE_FACT = re.compile(r"\bclass\b")


def _class_test_words() -> "re.Pattern":
    """Where an SWA class test can sit: a word of one of its forms (lint_rules/sinks.py:
    isinstance/issubclass/type()/__class__, ...) is on one of its lines."""
    from .sinks import SWA_CLASS_TEST, words

    return _word_pattern(words((SWA_CLASS_TEST,)))


@lru_cache(maxsize=8)
def _word_pattern(words: tuple) -> "re.Pattern":
    return re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b")


@dataclass(eq=False, slots=True)
class Candidate:
    """A function or method outside any function (the unit a reduction keeps or blanks)."""

    node: ast.AST  # ast.FunctionDef / ast.AsyncFunctionDef of the full text
    first: int  # its first line (decorators included)
    body: int  # the first line of its body (blanked from here)
    last: int  # its last line
    indent: str  # the indentation of the body's first line

    @property
    def name(self) -> str:
        return self.node.name


def candidates(tree: ast.Module, lines: list) -> list:
    """The functions a reduction may blank: defined outside any function (at module level, in
    class bodies, under module/class-level compound statements), whose body starts on a line
    of its own (``def f(): return x`` is kept). ``lines``: the text's lines, ends kept."""
    out = []
    stack = list(reversed(tree.body))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stmt = node.body[0]
            line = lines[stmt.lineno - 1]
            indent = line[: len(line) - len(line.lstrip(" \t"))]
            # (columns are UTF-8 bytes; an indentation of spaces and tabs is one byte a char)
            if stmt.lineno > node.lineno and len(indent) == stmt.col_offset and node.end_lineno:
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                out.append(Candidate(node, first, stmt.lineno, node.end_lineno, indent))
            continue
        children = []
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            for child in getattr(node, name, None) or ():
                children.extend(child.body if isinstance(child, ast.match_case) else [child])
        stack.extend(reversed(children))
    return out


def _hit(cands: list, rows) -> set:
    """Indices of the candidates whose lines hold one of ``rows``."""
    from bisect import bisect_right

    starts = [c.first for c in cands]
    out = set()
    for row in rows:
        i = bisect_right(starts, row) - 1
        if i >= 0 and row <= cands[i].last:
            out.add(i)
    return out


def _rows(pattern: "re.Pattern", text: str, starts: list) -> list:
    from bisect import bisect_right

    return [bisect_right(starts, m.start()) for m in pattern.finditer(text)]


# Flow-model values no rule asks about: functions, containers and their read methods, self
# and the class, and the allocator's kvcache (KVG003 asks for the allocator under a call or
# the held member, never for the kvcache value). Every other value (the allocator, its
# members, and whatever the model adds, e.g. a call handing it to another module's helper)
# keeps its function.
_UNASKED = frozenset({"F", "C", "G", "S", "T", KVCACHE[0]})


def anchor_keeps(anchors, cands: list, text: str, starts: list, model) -> set:
    """The candidates where a finding of a rule with reduction ``anchors`` can sit: an
    expression the flow model gives a value a rule asks about (every anchor but the
    class test sits on one: the allocator under ``hasattr``/``getattr``/a member read, a held
    or direct member call, an instance forwarding its missing members to the allocator's),
    or, with ``swa-class-test``, a class test next to a word that may
    name an SWA allocator class (:func:`_swa_class_names`: the class a test names must resolve
    to one)."""
    forwarding = "__getattr__" in model.methods_by_name  # (flow.Flow.forwarded)
    rows = [
        node.lineno
        for node, values in model.node_values.values()
        if getattr(node, "lineno", None) is not None
        and (
            any(v[0] not in _UNASKED for v in values)
            or (forwarding and model.forwarded(values, None))
        )
    ]
    keep = _hit(cands, rows)
    if "swa-class-test" in anchors:
        names = _swa_class_names(model.tree, text)
        if names:
            tests = _hit(cands, _rows(_class_test_words(), text, starts))
            if names is not _ANY:
                word = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(names))) + r")\b")
                tests &= _hit(cands, _rows(word, text, starts))
            keep |= tests
    return keep


_ANY = frozenset({"*"})  # _swa_class_names: every word may be one


def _swa_class_names(tree, text: str) -> frozenset:
    """Every word that may name an SWA allocator class in KVG001's test
    (``ModuleAnalysis.is_swa_allocator_class``): words that look like one, and, iterated,
    names bound to one of them (any import and any class statement by its bases, anywhere;
    assignments to a name outside functions and classes, walrus ones anywhere: a superset of
    the analysis's alias table, class table and module assignments). Empty: no class test
    can hold. ``_ANY`` for a non-ASCII text (the ``ast``
    normalises identifiers, the libcst side does not)."""
    from .names import close_over, is_swa_allocator_class_name

    names = {w for w in set(re.findall(r"\w+", text)) if is_swa_allocator_class_name(w)}
    if not names:
        return frozenset()
    if not text.isascii():
        return _ANY
    defs: list = []
    # statements only (cheap): imports and class statements anywhere, assignments outside
    # functions and classes (the analysis's module assignments); walrus targets need the walk
    stack: list = [(tree, True)]
    while stack:
        node, module_level = stack.pop()
        for child in child_statements(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for a in child.names:
                    defs.append((a.asname or a.name, {a.name.rsplit(".", 1)[-1]}))
            elif isinstance(child, ast.ClassDef):
                defs.append((child.name, _words(child.bases)))
                stack.append((child, False))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                stack.append((child, False))
            else:
                if module_level and isinstance(child, (ast.Assign, ast.AnnAssign)):
                    targets = child.targets if isinstance(child, ast.Assign) else [child.target]
                    if child.value is not None:
                        words = _words([child.value])
                        defs.extend((t.id, words) for t in targets if isinstance(t, ast.Name))
                stack.append((child, module_level))
    if ":=" in text:
        for node in walked(tree):
            if isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
                defs.append((node.target.id, _words([node.value])))
    close_over(names, defs)
    return frozenset(names)


def _words(exprs) -> set:
    return {
        w
        for e in exprs
        for n in walked(e)
        for w in (getattr(n, "id", None), getattr(n, "attr", None))
        if isinstance(w, str)
    }


def reduced_text(text: str, tree, codes, scope, model=None) -> Optional[str]:
    """``text`` with the bodies of the functions no selected rule needs blanked in place;
    None when a selected rule is not reducible or nothing would be blanked. ``tree``: the
    ``ast`` of ``text``; ``model``: its flow model (needed when a selected rule has anchors)."""
    from .registry import RULES, load_rule

    lines = _LINE.findall(text)
    cands = candidates(tree, lines)
    if not cands:
        return None
    from itertools import accumulate

    starts = [0, *accumulate(len(line) for line in lines)]
    keep = _hit(cands, _rows(_MODULE_FACT, text, starts))
    anchors: set = set()
    for code in codes:
        meta = RULES[code]
        if meta.anchors:
            anchors.update(meta.anchors)
            continue
        own = load_rule(code).reduced_keeps(cands, lines, tree)
        if own is None:
            return None  # not reducible: the module is parsed whole
        keep |= own
    if anchors:
        if model is None:
            return None
        keep |= anchor_keeps(anchors, cands, text, starts, model)
    if len(keep) == len(cands):
        return None
    out = list(lines)
    for i, c in enumerate(cands):
        if i in keep:
            continue
        for row in range(c.body, c.last + 1):
            line = lines[row - 1]
            out[row - 1] = line[len(line.rstrip("\r\n")) :]
        out[c.body - 1] = c.indent + "pass" + out[c.body - 1]
    return "".join(out)


def run_rules_on_module(
    module,
    path: str,
    codes: frozenset[str],
    scope: ScopeConfig,
    text=None,
    flow=None,
    tree=None,
    reduced: bool = False,
    ctx=None,
):
    """Raw findings (rule, node, statement) for a parsed module; shared by the fixer.
    ``text``: the full source when ``module`` is its reduced text (lint_rules/sparse.py), so
    the flow model and the rules' whole-module facts read the full text; ``flow``: its flow
    model, ``tree``: its ``ast``, when already built; ``reduced``: ``module`` is the reduced
    text (then ``text`` and ``tree`` are required); ``ctx``: the file's
    ``context.FileContext``."""
    from .analysis import ModuleAnalysis
    from .registry import load_rule
    from .rules.base import Rule, RuleContext, dispatch

    # (a rule decided on ``ast`` alone, a ``RuleSpec``, has no visitor: it reports nothing here)
    classes = [c for c in map(load_rule, sorted(codes)) if issubclass(c, Rule)]
    types = frozenset().union(*(c.visited_types() | c.form_types() for c in classes))
    analysis = ModuleAnalysis.build(
        module,
        path,
        scope,
        record_types=types,
        text=text,
        flow=flow,
        tree=tree,
        reduced=reduced,
        context=ctx,
    )
    ctx = RuleContext(analysis=analysis)
    dispatch(ctx, [c(ctx) for c in classes])
    return analysis, ctx.findings


def reduce_cached(text: str, codes, ctx=None, **options) -> bool:
    """``reduce.reduce_for(text, codes, **options)[0]`` (proven clean), remembering the answer
    in ``ctx.clean`` (``context.FileContext``): the engine asks it in its prefilter stage,
    then again (same text) when it lints a file the proof did not settle."""
    from .context import of

    ctx = of(ctx)
    key = (text, frozenset(codes), tuple(sorted(options.items(), key=lambda kv: kv[0])))
    if ctx.clean is not None and ctx.clean[0] == key:
        return ctx.clean[1]
    from .reduce import reduce_for

    answer = reduce_for(text, codes, ctx=ctx, **options)[0]
    ctx.clean = (key, answer)
    return answer


def analyse(
    text: str, path: str, codes: frozenset, scope: ScopeConfig, reduce: bool = True, ctx=None
):
    """The :class:`LintState` of ``text``, analysed from the reduced module when ``reduce`` (the
    caller's gate: ``checker.may_reduce``) and possible.

    Raises the checker's parse failure for a text that cannot be parsed (only when the full
    text has to be parsed: a reduced text that does not parse falls back to the full one).
    A state with findings is kept in ``ctx.state`` (``context.FileContext``): ``kvguard fix``
    lints a file, then fixes it, and the fixer starts from the same text (the state is a pure
    function of the arguments and the context's index)."""
    from .context import of

    ctx = of(ctx)
    key = (text, path, frozenset(codes), scope, reduce)
    if ctx.state is not None and ctx.state[0] == key:
        return ctx.state[1]
    state = _analyse(text, path, codes, scope, reduce, ctx)
    if state.raw:
        ctx.state = (key, state)
    return state


def _analyse(
    text: str, path: str, codes: frozenset, scope: ScopeConfig, reduce: bool = True, ctx=None
):
    """The rules with a libcst-free check (``RuleMeta.check``) report from the full text's
    ``ast`` unless the check leaves the text to the rule; the others (and those) through
    libcst, from the reduced module when ``reduce``. One state, one list of raw findings."""
    import importlib

    state = LintState(text)
    direct: list = []
    rest = set()
    for code in codes:
        check = RULES[code].check
        if check:  # (its ``ast``: the state's when parsed, else the check finds or parses it)
            module, func = check.split(":")
            got = getattr(importlib.import_module(module), func)(
                text, path, scope, state._tree or None, ctx
            )
            if got is not None:
                direct += got
                continue
        rest.add(code)
    if rest:
        _analyse_cst(state, text, path, frozenset(rest), scope, reduce, ctx)
    if direct:
        state.raw = [*state.raw, *direct]
        # a finding's fix comes from its rule's transforms: none for a rule without a fix
        state.annotated = state.annotated or not any(RULES[r.code].fixable for r in state.raw)
    return state


def _analyse_cst(
    state: LintState,
    text: str,
    path: str,
    codes: frozenset,
    scope: ScopeConfig,
    reduce: bool,
    ctx,
) -> LintState:

    model = None
    if reduce:  # the caller decides (checker.may_reduce)
        anchored = [c for c in codes if RULES[c].anchors]
        if len(anchored) == len(codes) and reduce_cached(text, codes, ctx, scope=scope):
            return state  # proven clean: no parse
        if (
            anchored
            and len(anchored) < len(codes)
            and reduce_cached(text, anchored, ctx, scope=scope)
        ):
            # the anchored rules are proven clean: only the others (KVG004) are parsed for
            # (rules report independently; a rule without findings offers no fix)
            codes, anchored = codes - frozenset(anchored), []
        if anchored:
            model = _flow_model(text, path, scope, state, ctx)
        reduced = None
        if state.tree is not None and (model is not None or not anchored):
            reduced = reduced_text(text, state.tree, codes, scope, model)
        if reduced is not None:
            try:
                module = parse_module(reduced, path)
                analysis, raw = run_rules_on_module(
                    module, path, codes, scope, text, model, state.tree, reduced=True, ctx=ctx
                )
            except (ParseFailure, RecursionError):
                module = None  # the full parse reports the real problem
            if module is not None:
                state.module, state.analysis, state.raw = module, analysis, raw
                state.reduced = True
                return state
    module = parse_module(text, path, checked=bool(state._tree))
    try:
        analysis, raw = run_rules_on_module(
            module, path, codes, scope, text, model, state._tree or None, ctx=ctx
        )
    except RecursionError:
        raise ParseFailure("cannot analyse: nesting too deep") from None
    state.module, state.analysis, state.raw = module, analysis, raw
    return state


def _flow_model(
    text: str, path: str, scope: ScopeConfig, state: Optional[LintState] = None, ctx=None
):
    """The flow model the analysis of ``path`` asks (lint_rules.analysis.ModuleAnalysis.flow:
    same roots, same project index), or None when ``text`` has none (no ``ast``). The model
    of the proof that just failed to settle ``text`` (``ctx.model``) is the same one:
    reused, with its tree (``state``'s, when given)."""
    from .context import of
    from .flow import Flow
    from .reduce import roots_of

    ctx = of(ctx)
    roots, project = roots_of(scope), ctx.view(path)
    if ctx.model is not None:
        last_text, last_roots, last_project, model = ctx.model
        if last_text == text and last_roots == roots and last_project is project:
            if state is not None and state._tree is None:
                state._tree = model.tree
            return model
    tree = state.tree if state is not None else _parse(text)
    if tree is None:
        return None
    try:
        return Flow.build(tree, roots, project)
    except (RecursionError, MemoryError):
        return None


def _parse(text: str):
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
