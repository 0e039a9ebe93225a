"""Rule base class: a batchable libcst visitor with the shared analysis at hand.

A libcst traversal costs about as much as parsing, so a module is walked once: the analysis
pass (:mod:`lint_rules.analysis`) records every node of a type some selected rule has a
``visit_<Type>`` method for, with its enclosing class/function and statement, and
:func:`dispatch` replays those nodes, in source order, into the rules' ``visit_*`` methods, as
a batched traversal would. Rules therefore define ``visit_*`` methods only (no ``leave_*``).
Rules report nodes; the checker turns them into positioned findings. A form of one of the
rule's sinks declared with a libcst twin (lint_rules/sinks.py) is replayed into
:meth:`Rule.on_form`, so a new form is taught in the declaration alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Optional, Union

import libcst as cst

from ..analysis import ClassInfo, FunctionInfo, ModuleAnalysis
from ..astwalk import walked
from ..model import FixInfo
from .spec import RuleSpec


@dataclass(eq=False)
class RawFinding:
    code: str
    node: cst.CSTNode
    statement: Optional[cst.CSTNode]
    message: str
    context: str
    fix: Optional[FixInfo] = None
    function: Optional[FunctionInfo] = None  # innermost enclosing function


@dataclass(eq=False)
class RuleContext:
    analysis: ModuleAnalysis
    findings: list[RawFinding] = field(default_factory=list)
    # Innermost enclosing class or function, innermost last.
    frames: list[Union[ClassInfo, FunctionInfo]] = field(default_factory=list)
    # Innermost enclosing statement, innermost last.
    statements: list[cst.CSTNode] = field(default_factory=list)


class Rule(RuleSpec, cst.BatchableCSTVisitor):
    """Base of every rule decided on libcst. Subclasses set the class attributes
    (:class:`RuleSpec`) and implement ``visit_*``."""

    def __init__(self, ctx: RuleContext) -> None:
        self.ctx = ctx
        self.analysis = ctx.analysis

    @classmethod
    def declared_forms(cls) -> list:
        """``(anchor, form)`` for the forms of this rule's sinks (its registry ``anchors``) that
        are declared with a libcst twin (lint_rules/sinks.py), replayed into :meth:`on_form`."""
        from ..registry import RULES
        from ..sinks import cst_forms

        meta = RULES.get(getattr(cls, "code", None))
        return cst_forms(meta.anchors) if meta is not None and meta.anchors else []

    @classmethod
    def form_types(cls) -> frozenset:
        """The libcst node types of :meth:`declared_forms` (recorded for the dispatch)."""
        return frozenset(getattr(cst, form.cst_type) for _, form in cls.declared_forms())

    def on_form(self, anchor: str, form, node: cst.CSTNode) -> None:
        """A node of a declared ``form`` of the sink of ``anchor``, one of the rule's anchors
        (its ``form.cst_match(node)`` gives the ``(subject, operand)`` pairs). The default does
        nothing."""

    def get_visitors(self):  # type: ignore[override]
        # inspect.getmembers() (the libcst default) would evaluate our properties; list names once.
        names = type(self).__dict__.get("_visitor_names")
        if names is None:
            names = [
                n
                for n in dir(type(self))
                if n.startswith(("visit_", "leave_"))
                and callable(getattr(type(self), n))
                and not getattr(getattr(type(self), n), "_is_no_op", False)
            ]
            type(self)._visitor_names = names
        return {n: getattr(self, n) for n in names}

    @classmethod
    def visited_types(cls) -> frozenset:
        cached = cls.__dict__.get("_visited_types")
        if cached is not None:
            return cached
        out = set()
        for name in dir(cls):
            if not name.startswith(("visit_", "leave_")) or getattr(
                getattr(cls, name), "_is_no_op", False
            ):
                continue
            if name.startswith("leave_"):
                raise TypeError(f"{cls.__name__}.{name}: rules define visit_* methods only")
            out.add(getattr(cst, name[len("visit_") :]))
        cls._visited_types = frozenset(out)
        return cls._visited_types

    # ---- context

    @property
    def function(self) -> Optional[FunctionInfo]:
        for frame in reversed(self.ctx.frames):
            if isinstance(frame, FunctionInfo):
                return frame
        return None

    @property
    def klass(self) -> Optional[ClassInfo]:
        for frame in reversed(self.ctx.frames):
            if isinstance(frame, ClassInfo):
                return frame
        return None

    def in_module_function(self) -> bool:
        """Inside a plain module-level function (no class, not nested): such helpers should be
        handed the pool instead of the allocator, rather than resolve it themselves."""
        fn = self.function
        return fn is not None and fn.cls is None and fn.parent is None

    def in_scope(self) -> bool:
        if self.ctx.frames:
            return self.ctx.frames[-1].in_scope
        return self.analysis.path_in_scope

    def context_name(self) -> str:
        return self.ctx.frames[-1].qualname if self.ctx.frames else "<module>"

    def never_runs(self) -> bool:
        """Is the enclosing function dead code: a method of a private base class that every
        class of the module deriving from it overrides, or a private module function nothing
        names (lint_rules/swa_path.py)? What it decides or fetches then reaches no backend."""
        fn = self.function
        while fn is not None and fn.parent is not None:
            fn = fn.parent
        paths = self.analysis.swa_paths() if fn is not None else None
        if not paths:
            return False
        if fn.cls is None:
            return paths.never_called(fn.name)
        return paths.never_runs(fn.cls.name, fn.name)

    def function_ast(self):
        """The stdlib ``ast`` node of the enclosing function (in the analysis' tree), found by
        name within its lines (for a lambda, the function defining it, which runs it); None
        where there is none or no tree."""
        import ast

        fn = self.function
        lambdas = []
        while fn is not None and isinstance(fn.node, cst.Lambda):
            lambdas.append(self.analysis.positions().get(fn.node))
            fn = fn.parent
        tree = self.analysis.syntax_tree()
        if fn is None or tree is None:
            return None
        where = self.analysis.positions().get(fn.node)
        if where is None:
            return None
        found = next(
            (
                n
                for n in walked(tree)
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                and n.name == fn.name
                and where.start.line <= n.lineno <= where.end.line
            ),
            None,
        )
        if found is not None and lambdas:
            # a lambda runs where it is called: only one the function keeps to itself (a
            # local list of checks it calls) runs within it
            at = {(p.start.line, p.start.column) for p in lambdas if p is not None}
            inner = [
                n
                for n in walked(found)
                if isinstance(n, ast.Lambda) and (n.lineno, n.col_offset) in at
            ]
            from ..scenario import stays_local

            if len(inner) != len(lambdas) or not all(stays_local(found, n) for n in inner):
                return None
        return found

    def ast_at(self, node: cst.CSTNode, kinds: tuple):
        """The enclosing function's ``ast`` node of one of ``kinds`` spanning exactly what the
        libcst ``node`` spans (the outermost, ``ast.walk`` being breadth first), with that
        function; (None, None) where there is none."""

        return self._spanning(self.function_ast(), node, kinds)

    def _spanning(self, root, node: cst.CSTNode, kinds: tuple):
        """(the ``ast`` node of ``kinds`` under ``root`` spanning what ``node`` spans, ``root``);
        (None, None) where there is none."""
        at = self.analysis.positions().get(node)
        if root is None or at is None:
            return None, None
        span = (at.start.line, at.start.column, at.end.line, at.end.column)
        for n in walked(root):
            if isinstance(n, kinds) and (
                (n.lineno, n.col_offset, n.end_lineno, n.end_col_offset) == span
            ):
                return n, root
        return None, None

    def draft_never_reaches(self, node: cst.CSTNode, allocator: bool = False) -> bool:
        """Does a regular EAGLE draft (its own full pool, the target's allocator;
        lint_rules/scenario.py) never evaluate ``node`` (the ``ast`` expression at its
        position) or, with ``allocator``, never find the allocator there? False where that
        cannot be told."""
        import ast

        from ..scenario import (
            draft_truths,
            is_allocator,
            judged_by_callers,
            reached_by_callers,
            reached_from_entries,
        )

        target, fn_ast = self.ast_at(node, (ast.Call, ast.Attribute, ast.Subscript, ast.Name))
        if target is None:
            return False
        fn = self.function
        cls = fn.cls.name if fn.cls is not None else None
        truths = draft_truths(
            fn_ast,
            self.analysis.syntax_tree(),
            [target],
            self.class_tests(),
            cls,
            is_allocator if allocator else None,
        )
        if truths is None and not allocator and cls is not None:
            # a helper class's method: judged from the backends' ways in
            by_entries = reached_from_entries(
                fn_ast,
                self.analysis.syntax_tree(),
                target,
                self.class_tests(),
                cls,
                self.analysis.backend_classes(),
            )
            if by_entries is not None:
                return not by_entries
        if truths is None and (allocator or not judged_by_callers(fn_ast)):
            return False
        if allocator:
            return truths.get(id(target), {False}) == {False}
        if (truths is None or id(target) in truths) and judged_by_callers(fn_ast):
            # a private helper (or one handed what it decides by): its guard may be in its
            # callers
            by_callers = reached_by_callers(
                fn_ast,
                self.analysis.syntax_tree(),
                target,
                self.class_tests(),
                fn.cls.name if fn.cls is not None else None,
            )
            return by_callers is False
        return id(target) not in truths

    def draft_indifferent(self, node: cst.CSTNode) -> bool:
        """Does the value of ``node`` (the ``ast`` expression at its position) change nothing
        the enclosing function returns or keeps on a regular EAGLE draft
        (``scenario.draft_indifferent``: evaluated with it forced either way)? False where
        that cannot be told."""
        import ast

        from ..scenario import draft_indifferent
        from ..swa_path import cut_short

        target, fn_ast = self.ast_at(node, (ast.expr,))
        if target is None or cut_short(fn_ast, target):
            return False  # (a branch that does nothing yet, a local never read: a decision)
        fn = self.function
        while fn is not None and isinstance(fn.node, cst.Lambda):
            fn = fn.parent
        return draft_indifferent(
            fn_ast,
            self.analysis.syntax_tree(),
            target,
            self.class_tests(),
            fn.cls.name if fn is not None and fn.cls is not None else None,
            backends=self.analysis.backend_classes(),
        )

    def value_flows_nowhere(self, node: cst.CSTNode, strict: bool = False) -> bool:
        """Is the value of ``node`` (a class test, a probe, a member read) read only as a size,
        a metric or text, however far it is kept (``SwaPaths.decides_nothing``)? Then it
        decides no SWA path and translates nothing."""
        import ast

        paths = self.analysis.swa_paths()
        kinds = (ast.expr, ast.pattern, ast.Match, ast.Try)
        target, fn_ast = self.ast_at(node, kinds)
        if target is None:
            target, fn_ast = self._module_lambda_at(node, kinds)
        if paths is None or target is None:
            return False
        return paths.decides_nothing(fn_ast, target, strict)

    def _module_lambda_at(self, node: cst.CSTNode, kinds: tuple):
        """:meth:`ast_at` for ``node`` in a lambda at module level (a table's entry): the
        ``ast`` node spanning it, with the outermost lambda; (None, None) elsewhere."""
        import ast

        fn = self.function
        while fn is not None and isinstance(fn.node, cst.Lambda) and fn.parent is not None:
            fn = fn.parent
        tree = self.analysis.syntax_tree()
        if fn is None or not isinstance(fn.node, cst.Lambda) or tree is None:
            return None, None
        lam, _ = self._spanning(tree, fn.node, (ast.Lambda,))
        return self._spanning(lam, node, kinds)

    def class_tests(self):
        """The scenarios' class tests (``scenario.ClassTests``): the analysis', aliases
        resolved."""
        from ..scenario import ClassTests

        return ClassTests(
            lambda e: self.analysis.ast_class_test("pool", e),
            lambda e: self.analysis.ast_class_test("allocator", e),
        )

    def derived(self, expr: cst.BaseExpression) -> bool:
        return self.analysis.is_allocator_derived(expr, self.function)

    def reads_allocator_member(self, subject, member) -> bool:
        """Is ``member`` (a name; else any) read on ``subject`` the allocator's: ``subject``
        may be the allocator, or an instance forwarding what it lacks to the allocator's
        members (``__getattr__``, lint_rules/flow.py ``forwarded``)?"""
        if subject is None:
            return False
        if self.derived(subject):
            return True
        values = self.analysis.values_of(subject)
        model = self.analysis.flow()
        return (
            bool(values)
            and model is not None
            and model.forwarded(values, member if isinstance(member, str) else None)
        )

    def report(self, node: cst.CSTNode, message: str, fix: Optional[FixInfo] = None) -> None:
        self.ctx.findings.append(
            RawFinding(
                code=self.code,
                node=node,
                statement=self.ctx.statements[-1] if self.ctx.statements else None,
                message=message,
                context=self.context_name(),
                fix=fix,
                function=self.function,
            )
        )


def source_of(node: cst.CSTNode) -> str:
    """Compact one-line source of a node, for messages."""
    text = cst.Module(body=[]).code_for_node(node)
    text = " ".join(text.split())
    return text if len(text) <= 80 else text[:77] + "..."


def dispatch(ctx: RuleContext, rules: list[Rule]) -> None:
    """Replay the recorded nodes into the rules, as one batched traversal would."""
    table: dict[type, list] = {}
    for rule in rules:
        for name, method in rule.get_visitors().items():
            table.setdefault(getattr(cst, name[len("visit_") :]), []).append(method)
        for anchor, form in rule.declared_forms():
            table.setdefault(getattr(cst, form.cst_type), []).append(
                partial(rule.on_form, anchor, form)
            )
    for rec in ctx.analysis.recorded:
        methods = table.get(type(rec.node))
        if not methods:
            continue
        ctx.frames = list(rec.frames)
        ctx.statements = [rec.statement] if rec.statement is not None else []
        for method in methods:
            method(rec.node)
