"""KVG001 swa-mode-from-allocator

## What it does
Flags attention-backend code that decides whether it runs on a sliding-window (SWA) KV pool
by looking at the **allocator** (`model_runner.token_to_kv_pool_allocator`):

* `isinstance(alloc, SWATokenToKVPoolAllocator)` (or a tuple that contains an SWA allocator
  class, or any `*SWA*Allocator` subclass, however imported or aliased);
* `type(alloc) is/== C`, `alloc.__class__ is/== C`, `issubclass(type(alloc), C)`;
* `hasattr(alloc, m)`, `getattr(alloc, m, None)` (or `inspect.getattr_static`), `m in
  vars(alloc)`, `m in dir(alloc)` or `try: alloc.m ... except AttributeError:` for
  an SWA-only allocator member `m` (any member named `swa`, and those only the real SWA
  allocator classes have: `sglang_api.json`);
* `match alloc: case SWATokenToKVPoolAllocator(): ...`, `case object(full_to_swa_index_mapping=m)`,
  `match vars(alloc): case {"swa_attn_allocator": _}`, `match type(alloc).__name__: case "SWA...":`;
* any other decision computed from the allocator's class (`type(alloc).__name__.startswith("SWA")`,
  `SWATokenToKVPoolAllocator in type(alloc).__mro__`, a dict keyed by `type(alloc)`, a name
  holding the class, a `functools.singledispatch` function called on it, ...) that names an SWA
  allocator class or an `swa` string, itself or through a module-level table or overload it
  reads, or sets an SWA-named flag (`self.use_swa = isinstance(alloc, kinds)`), or gates the
  SWA path whatever it is named: the branch it tests translates to the SWA pool or names `swa`,
  or the flag it sets (`self.remap = type(alloc) is not TokenToKVPoolAllocator`) or the helper
  result it returns is read by such a test.

Not reported: a test whose only effect is output or bookkeeping (a branch that only logs or
counts, a metrics record or a dataclass field nothing reads, a flag on `self` that nothing in
the module reads, whose name does not say SWA, in a class with methods besides `__init__`),
dead code (a private base class's method
every subclass in the module overrides, a private function nothing names), and a decision that
never holds on a regular draft (its own full pool, the target's SWA allocator; or, written
the other way round, answers there otherwise than on the SWA target) or that the draft never
reaches (a branch only targets take, a test a pool test short-circuits), evaluated as `scenario.py` does for KVG003:
`isinstance(pool, SWAKVPool) and isinstance(alloc, SWATokenToKVPoolAllocator)` (a method that
binds no runner runs on the instance its class's `__init__` builds on that draft, where the
class and its bases are all in the module and only `__init__` stores what it reads).

`alloc` is any allocator-derived value: the attribute itself, a local alias, a `self.` attribute,
a tuple-unpacked or walrus-bound name, `getattr(x, "token_to_kv_pool_allocator")`, a record,
container, class-level registry or weak reference holding it, or a parameter that receives the
allocator from a call in the same module.

## Why is this bad?
With speculative decoding the draft model **shares the target's allocator but owns its own KV
pool**. For a full-attention-only draft of a hybrid-SWA target the allocator is the target's
`SWATokenToKVPoolAllocator` while the pool the draft backend reads is a plain
`MHATokenToKVPool`. A backend that asks the allocator "am I SWA?" answers *yes*, translates the
draft's indices through the target's full→SWA map and reads the wrong KV slots: nothing
crashes, the accept length silently drops (sglang #25103). The same shape lived in the
FlashInfer updaters until #27737 and in the Triton backend until 0.5.13; the trtllm_mha fix
went round three times (#25103 → #26966 → #27491).

## Example
```python
allocator = model_runner.token_to_kv_pool_allocator
self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
```

## Fix
Decide from the pool the backend actually reads, resolved like sglang ≥ 0.5.13's
`_resolve_swa_kv_pool`: the active pool if it is an `SWAKVPool`; else `None` for draft workers
that are not FROZEN_KV MTP; else the allocator's kvcache if it is an `SWAKVPool`. Then
`use_sliding_window_kv_pool = swa_pool is not None`. `kvguard fix` rewrites the trtllm_mha
`__init__` shape this way (an unsafe fix: it changes runtime behaviour on purpose).
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from ..astwalk import walked
from ..cstnodes import call_func_name, iter_nodes
from ..fixes.helper_takes_pool import HelperTakesPool
from ..fixes.resolve_init_pool import ResolveInitPool
from ..fixes.updater_backend_pool import UpdaterBackendPool
from ..fixes.use_resolved_pool import UseResolvedPool
from ..names import (
    is_allocator_class_name,
    is_swa_allocator_class_name,
    is_swa_pool_class_name,
)
from ..project import cross_module_anchor
from ..sinks import FORMS, SWA_CLASS_TEST, SWA_MEMBER_PROBE, names_swa_member
from .base import Rule, source_of
from .spec import Case

_MESSAGE = (
    "SWA mode decided from the allocator (`{src}`): a speculative draft shares the target's "
    "allocator but owns its own KV pool; {advice}"
)
ADVICE_METHOD = (
    "resolve the SWA pool the backend reads (active pool if it is an SWAKVPool, None for draft "
    "workers that are not FROZEN_KV MTP, else the allocator's kvcache if SWA; sglang >= 0.5.13's "
    "`_resolve_swa_kv_pool`) and test `<swa pool> is not None`"
)
ADVICE_FUNCTION = (
    "pass the pool the backend reads instead of the allocator (e.g. "
    "`token_to_kv_pool=self.token_to_kv_pool`) and test that (`isinstance(token_to_kv_pool, SWAKVPool)`)"
)


_CROSS = (SWA_CLASS_TEST, SWA_MEMBER_PROBE)
# A flag or function whose name says it holds the SWA mode.
_SWA_NAME = re.compile(r"swa|sliding_window_kv|use_sliding", re.IGNORECASE)


def _picks_local(node) -> bool:
    """Is ``node`` (an ``ast.Try`` of one statement) a ``try`` that only picks a local's value:
    its body and each handler assign that one local, nothing else? Then the local's value is
    all it decides."""
    import ast

    def local(stmt):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            return getattr(stmt.targets[0], "id", None)
        return None

    name = local(node.body[0])
    return (
        name is not None
        and not node.orelse
        and not node.finalbody
        and all(len(h.body) == 1 and local(h.body[0]) == name for h in node.handlers)
    )


def _terminal(node) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    return ""


def _targets(stmt) -> list:
    """The names an assignment statement stores (its targets' last parts)."""
    if isinstance(stmt, cst.Assign):
        return [_terminal(t.target) for t in stmt.targets]
    if isinstance(stmt, (cst.AnnAssign, cst.AugAssign)):
        return [_terminal(stmt.target)]
    return []


_LOG_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
)


def _is_log_call(node) -> bool:
    """``print(...)``, ``warnings.warn(...)`` or ``<...log...>.<level>(...)``: output only."""
    if not isinstance(node, cst.Call):
        return False
    func = node.func
    if isinstance(func, cst.Name):
        return func.value == "print"
    if isinstance(func, cst.Attribute) and func.attr.value in _LOG_METHODS:
        receiver = _terminal(func.value).lower()
        return "log" in receiver or receiver == "warnings"
    return False


def _logs_only(block) -> bool:
    """Does a branch's block do nothing but log (or pass)?"""
    if block is None:
        return True
    if isinstance(block, cst.If):  # an elif
        return _logs_only(block.body) and _logs_only(block.orelse)
    if isinstance(block, cst.Else):
        return _logs_only(block.body)
    for stmt in block.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            return False
        for small in stmt.body:
            if isinstance(small, cst.Pass):
                continue
            if not (isinstance(small, cst.Expr) and _is_log_call(small.value)):
                return False
    return True


def _output_only(stmt) -> bool:
    """A decision whose only effect is output: the test of a branch that only logs, or an
    argument of a log call. It decides no pool, translation or flag."""
    if isinstance(stmt, cst.If):
        logs = any(_is_log_call(n) for n in iter_nodes(stmt.body))
        return logs and _logs_only(stmt.body) and _logs_only(stmt.orelse)
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        return isinstance(small, cst.Expr) and _is_log_call(small.value)
    return False


def _swa_steps(fn, test_stmt) -> list:
    """The reads naming the SWA path (lint_rules/swa_path.py ``swa_step``) in the region an
    ``if``/``while`` of ``fn`` decides: its branches and, after a branch that leaves the block,
    the rest of the block; nested functions and lambdas aside (defined there, not run)."""
    import ast

    from ..swa_path import swa_step

    region = [*test_stmt.body, *test_stmt.orelse]
    exits = (ast.Return, ast.Break, ast.Continue)
    if any(b and isinstance(b[-1], exits) for b in (test_stmt.body, test_stmt.orelse)):
        for parent in walked(fn):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(parent, field, None)
                if isinstance(block, list) and test_stmt in block:
                    region += block[block.index(test_stmt) + 1 :]
    out = []
    stack = list(region)
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(n, (ast.Attribute, ast.Name)) and isinstance(n.ctx, ast.Load):
            if swa_step(n):  # (a read: the scenario evaluates it when it is reached)
                out.append(n)
        stack.extend(ast.iter_child_nodes(n))
    return out


def _readers(fn, stmt) -> list:
    """For ``stmt`` storing one local (``hybrid = isinstance(alloc, ...)``) that ``fn`` reads:
    the decisions reading it (the tests of ``if``/``while``, the ``and``/``or`` flags stored
    or returned), when these are all its reads; else empty (a read handed on elsewhere, a
    value it selects, or none)."""
    import ast

    targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
    if len(targets) != 1 or not isinstance(targets[0], ast.Name):
        return []
    name = targets[0].id
    out, reads = [], 0
    for n in walked(fn):
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load):
            reads += 1
    if not reads:
        return []
    found = 0
    for n in walked(fn):
        if isinstance(n, (ast.If, ast.While)):
            part = n.test
        elif isinstance(n, (ast.Assign, ast.AnnAssign, ast.Return)) and n is not stmt:
            part = n.value
            if not _flag_operand(part, name):
                continue  # a value chosen by it (``a if hybrid else b``): not a flag
        else:
            continue
        count = (
            sum(
                isinstance(x, ast.Name) and x.id == name and isinstance(x.ctx, ast.Load)
                for x in walked(part)
            )
            if part is not None
            else 0
        )
        if count:
            out.append(part)
            found += count
    return out if found == reads else []


def _flag_operand(expr, name: str) -> bool:
    """Is ``name`` an operand of the ``and``/``or`` chain ``expr`` (whose truth then carries
    it, as a flag)?"""
    import ast

    if not isinstance(expr, ast.BoolOp):
        return False
    return any(
        (isinstance(v, ast.Name) and v.id == name) or _flag_operand(v, name) for v in expr.values
    )


def _negates(expr) -> bool:
    """Does the (``ast``) decision negate anything: ``not``, ``!=``, ``is not``, ``not in``?
    Then its falsity on the draft may be the SWA path."""
    import ast

    negations = (ast.IsNot, ast.NotEq, ast.NotIn)
    return any(
        (isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not))
        or (isinstance(n, ast.Compare) and any(isinstance(op, negations) for op in n.ops))
        for n in walked(expr)
    )


def _nested(fn, line: int) -> bool:
    """Is the statement at ``line`` inside a function or class nested in ``fn`` (code ``fn``
    defines but does not run)?"""
    import ast

    inner = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
    return any(
        isinstance(n, inner) and n.lineno <= line <= (n.end_lineno or n.lineno)
        for n in walked(fn)
        if n is not fn
    )


def advice_for(rule: Rule) -> str:
    return ADVICE_FUNCTION if rule.in_module_function() else ADVICE_METHOD


class SwaModeFromAllocator(Rule):
    code = "KVG001"
    FIXES = (ResolveInitPool, UpdaterBackendPool, HelperTakesPool, UseResolvedPool)

    def visit_Call(self, node: cst.Call) -> None:
        # the allocator handed to a helper of another module that tests it there (the tests
        # themselves are the sinks' forms: on_form)
        if call_func_name(node) in ("isinstance", "issubclass", "hasattr") or not self.in_scope():
            return
        hit = cross_module_anchor(self.analysis, node, _CROSS)
        if hit is not None:
            message = _MESSAGE.format(src=source_of(node), advice=advice_for(self))
            self.report(node, message + f" (the test is in `{hit[1]}`)")

    def on_form(self, anchor: str, form, node: cst.CSTNode) -> None:
        """A form of the SWA class test or member probe (lint_rules/sinks.py)."""
        if (
            self.in_scope()
            and self._form_hit(anchor, form, node)
            and not self._output_only()
            and not self._unread_argument(node)
            and not self._feeds_nothing()
            and not self.value_flows_nowhere(node)
            and not self._draft_never_swa()
            and not self.draft_never_reaches(node)  # (``pool_test and not <it>``: skipped)
            and not self.draft_indifferent(node)  # (the draft takes the same path either way)
            and not self._case_never_taken(node)
        ):
            self.report(node, _MESSAGE.format(src=source_of(node), advice=advice_for(self)))

    def _case_never_taken(self, node) -> bool:
        """For a class pattern of a ``match`` (``case SWATokenToKVPoolAllocator():``): does a
        regular draft never run its case (the first expression of the case's body never
        evaluated; lint_rules/scenario.py), the subject being something it never is?"""
        if not isinstance(node, cst.MatchClass):
            return False
        stmt = self.ctx.statements[-1] if self.ctx.statements else None
        if not isinstance(stmt, cst.Match):
            return False
        for case in stmt.cases:
            if not any(n is node for n in iter_nodes(case.pattern)):
                continue
            first = case.body.body[0] if isinstance(case.body, cst.IndentedBlock) else None
            small = first.body[0] if isinstance(first, cst.SimpleStatementLine) else None
            value = getattr(small, "value", None)
            kinds = (cst.Call, cst.Attribute, cst.Subscript, cst.Name)
            return isinstance(value, kinds) and self.draft_never_reaches(value)
        return False

    def _output_only(self) -> bool:
        return bool(self.ctx.statements) and _output_only(self.ctx.statements[-1])

    def _form_hit(self, anchor: str, form, node: cst.CSTNode) -> bool:
        """A class test decides by the class it names (only the allocator can be an SWA
        allocator, whatever the tested value), a probe by the member and the probed value."""
        for subject, operand in form.cst_match(node):
            if anchor == SWA_CLASS_TEST:
                hit = self.analysis.is_swa_allocator_class(operand)
            else:
                hit = names_swa_member(
                    operand, self.analysis.string_values()
                ) and self.reads_allocator_member(subject, operand)
            if hit:
                return True
        return False

    # -- decisions computed from the allocator's class (the flow model's TYPE value) ----------

    def visit_Assign(self, node: cst.Assign) -> None:
        self._type_decision(node.value, node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._type_decision(node.value, node)

    def visit_Return(self, node: cst.Return) -> None:
        if node.value is not None:
            self._type_decision(node.value, node)

    def visit_If(self, node: cst.If) -> None:
        self._type_decision(node.test, node)

    def visit_While(self, node: cst.While) -> None:
        self._type_decision(node.test, node)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._type_decision(node.test, None)

    def visit_Match(self, node: cst.Match) -> None:
        """``match type(alloc).__name__: case "SWATokenToKVPoolAllocator": ...``: the cases
        decide on the class their subject holds; an SWA-mode decision when they name an SWA
        allocator class (or an ``swa`` word)."""
        if not self.in_scope() or not (
            self._typed(node.subject) or self._holds_typed(node.subject)
        ):
            return
        for form in FORMS.get(SWA_MEMBER_PROBE, ()):
            if form.cst_type == "Match" and self._form_hit(SWA_MEMBER_PROBE, form, node):
                return  # reported by the form
        patterns = [n for case in node.cases for n in iter_nodes(case.pattern)]
        if self._names_swa(patterns) and not self._draft_never_swa():
            self.report(node.subject, _MESSAGE.format(src=source_of(node), advice=advice_for(self)))

    def _typed(self, node) -> bool:
        from ..flow import TYPE

        return TYPE in (self.analysis.values_of(node) or ())

    def _holds_typed(self, node) -> bool:
        """A tuple or list holding the allocator's class (or data from it): a sequence
        pattern decides on its items."""
        values = self.analysis.values_of(node)
        model = self.analysis.flow()
        if not values or model is None:
            return False
        from ..flow import TYPE

        return TYPE in model.elements(values)

    def _decides_here(self, node) -> bool:
        """Is ``node`` a decision on the allocator's class made here (not the read of a flag
        decided elsewhere): a comparison with a side holding the class (or data from it),
        ``isinstance``/``issubclass`` of the allocator, a call of or with such a value
        (``.startswith``, ``.get(type(a))``), a lookup keyed by one?"""
        if isinstance(node, cst.Comparison):
            return self._typed(node.left) or any(
                self._typed(c.comparator) for c in node.comparisons
            )
        if isinstance(node, cst.Call):
            name = call_func_name(node)
            func = node.func
            if isinstance(func, cst.Attribute) and _terminal(func.value) in ("self", "cls"):
                name = func.attr.value  # (a ``singledispatchmethod`` of the class)
            if name == "type":
                return False  # the class itself, not a decision on it
            if name in ("isinstance", "issubclass") or name in self._dispatchers():
                first = node.args[0].value if node.args else None
                return first is not None and (self._typed(first) or self.derived(first))
            model = self.analysis.flow()
            if model is not None and model.builds_or_returns(self.analysis.values_of(node.func)):
                return False  # the module's own code: it decides where it reads the value
            return self._typed(node.func) or any(self._typed(a.value) for a in node.args)
        if isinstance(node, cst.Subscript):
            return any(
                isinstance(e.slice, cst.Index) and self._typed(e.slice.value) for e in node.slice
            )
        return False

    def _type_decision(self, expr, stmt) -> None:
        """Report ``expr`` (an assigned or returned value, a branch test) when it holds a
        decision on the allocator's class that is an SWA-mode decision: it names an SWA
        allocator class or an ``swa`` string, or its statement sets an SWA-named flag (an
        assignment, or a branch assigning one) or returns from an SWA-named function. A
        class test or probe the forms report inside it is not reported twice."""
        if not self.in_scope() or self._output_only():
            return
        model = self.analysis.flow()
        if model is None or not model.has_type():
            return
        nodes = list(iter_nodes(expr))
        if not any(self._decides_here(n) for n in nodes):
            return
        for n in nodes:
            for anchor in (SWA_CLASS_TEST, SWA_MEMBER_PROBE):
                for form in FORMS.get(anchor, ()):
                    if (
                        form.cst_type
                        and type(n).__name__ == form.cst_type
                        and self._form_hit(anchor, form, n)
                    ):
                        return  # reported by the form
        named = self._names_swa(nodes)
        if (
            named
            or (named is None and self._sets_swa_flag(stmt))
            or (not self._names_pool_class(nodes) and self._decides_swa_path(expr, stmt))
        ) and not (
            self._unread_argument(expr)
            or self.value_flows_nowhere(expr)
            or self._draft_never_swa()
            or all(self.draft_never_reaches(n) for n in nodes if self._decides_here(n))
        ):
            self.report(expr, _MESSAGE.format(src=source_of(expr), advice=advice_for(self)))

    def _draft_never_swa(self) -> bool:
        """Evaluated on a regular EAGLE draft (its own full pool, the target's SWA allocator;
        lint_rules/scenario.py), does the statement's decision (its test, or the value it
        stores or returns) never hold, e.g. ``isinstance(pool, SWAKVPool) and <allocator
        test>``? Then the draft never takes the SWA path from it: no wrong read."""
        import ast

        from ..scenario import draft_truths

        stmt = self.ctx.statements[-1] if self.ctx.statements else None
        if (stmt is not None and self._bookkeeping(stmt)) or self.never_runs():
            return True
        fn = self.function
        fn_ast = self.function_ast()
        at = self.analysis.positions().get(stmt) if stmt is not None else None
        if at is None or fn_ast is None:
            return False
        tree = self.analysis.syntax_tree()
        line = at.start.line
        decision, stores, gated, readers = None, [], [], []
        for n in walked(fn_ast):
            if isinstance(n, ast.stmt) and n.lineno == line:
                if isinstance(n, (ast.If, ast.While)):
                    decision = n.test
                    gated = _swa_steps(fn_ast, n)
                    # a branch that only sets flags: what it stores under the draft decides
                    if all(isinstance(b, (ast.Assign, ast.AnnAssign, ast.Pass)) for b in n.body):
                        stores = [b.value for b in n.body if getattr(b, "value", None)]
                elif isinstance(n, (ast.Assign, ast.AnnAssign, ast.Return)):
                    decision = n.value
                    readers = _readers(fn_ast, n)
                break
        if decision is None:
            return False

        def truths(target: bool):
            return draft_truths(
                fn_ast,
                tree,
                [decision, *stores, *gated, *readers],
                self.class_tests(),
                fn.cls.name if fn.cls is not None else None,
                target=target,
            )

        draft = truths(False)
        if draft is None:
            return False
        if id(decision) not in draft:
            # never evaluated: a branch only targets reach, unless a nested function holds it
            return not _nested(fn_ast, line)
        # false on the draft, written the way round where true means SWA (no negation)
        if draft.get(id(decision)) == {False} and not _negates(decision):
            return True
        if stores and all(draft.get(id(v)) == {False} for v in stores):
            return True  # a branch that only stores false flags on the draft
        if gated and not any(id(g) in draft for g in gated) and not _nested(fn_ast, line):
            return True  # the SWA path the test leads to is never reached on the draft
        if readers and all(
            (draft.get(id(r)) == {False} and not _negates(r))
            or (id(r) not in draft and not _nested(fn_ast, r.lineno))
            for r in readers
        ):
            return True  # a local read only by decisions that never hold on the draft
        # or the draft decides otherwise than the SWA target, whichever way round it is
        # written (``not isinstance(...)``): it stays off the target's path
        on_target = truths(True)
        d, t = draft.get(id(decision)), (on_target or {}).get(id(decision))
        return d in ({True}, {False}) and t in ({True}, {False}) and d != t

    def _feeds_nothing(self) -> bool:
        """Is the probe's answer kept in a local nothing decides by (``n = getattr(alloc,
        "size_swa", 0)``, or a ``try`` reading the member into one) - a size or a metric
        (``SwaPaths.feeds_nothing``)?"""
        import ast

        paths = self.analysis.swa_paths()
        fn_ast = self.function_ast()
        stmt = self.ctx.statements[-1] if self.ctx.statements else None
        at = self.analysis.positions().get(stmt) if stmt is not None else None
        if paths is None or fn_ast is None or at is None:
            return False
        for n in walked(fn_ast):
            if isinstance(n, ast.stmt) and n.lineno == at.start.line:
                if isinstance(n, ast.Try) and len(n.body) == 1:
                    if not _picks_local(n) and not paths.decides_nothing(fn_ast, n):
                        return False  # (what its handlers do decides, the value aside)
                    n = n.body[0]  # (the ``try`` form: the read it guards)
                if isinstance(n, (ast.Assign, ast.AnnAssign)):
                    targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                    if len(targets) == 1 and isinstance(targets[0], ast.Name):
                        return paths.feeds_nothing(fn_ast, targets[0].id)
                return False
        return False

    def _unread_argument(self, node) -> bool:
        """Is ``node`` inside the value given for a field of a module dataclass that nothing
        reads (``Config(hybrid=isinstance(alloc, ...))``; lint_rules/swa_path.py)?"""
        paths = self.analysis.swa_paths()
        if not paths or not paths.records or not self.ctx.statements:
            return False
        for call in iter_nodes(self.ctx.statements[-1]):
            if not isinstance(call, cst.Call) or _terminal(call.func) not in paths.records:
                continue
            for arg in call.args:
                if arg.keyword is None or not paths.unread_field(
                    _terminal(call.func), arg.keyword.value
                ):
                    continue
                if any(n is node for n in iter_nodes(arg.value)):
                    return True
        return False

    def _bookkeeping(self, stmt) -> bool:
        """Does the statement only count, record metrics nothing reads, or log
        (lint_rules/swa_path.py)?"""
        paths = self.analysis.swa_paths()
        rng = self.analysis.positions().get(stmt)
        if paths is None or rng is None:
            return False
        kind = "if" if isinstance(stmt, (cst.If, cst.While)) else "store"
        return paths.only_bookkeeping(kind, rng.start.line)

    def _decides_swa_path(self, expr, stmt) -> bool:
        """Does the decision gate the SWA path (lint_rules/swa_path.py): the branch it tests,
        the flag it is stored in or the helper result it returns leads to code that translates
        to the SWA pool or names ``swa``?"""
        paths = self.analysis.swa_paths()
        if paths is None:
            return False
        if isinstance(stmt, (cst.If, cst.While)):
            kind, node = "if", stmt
        elif stmt is None:
            kind, node = "ifexp", expr
        elif isinstance(stmt, cst.Return):
            kind, node = "return", stmt
        else:
            kind, node = "store", stmt
        rng = self.analysis.positions().get(node)
        return rng is not None and (
            paths.decides(kind, rng.start.line) or paths.picks_swa_code(kind, rng.start.line)
        )

    def _names_pool_class(self, nodes) -> bool:
        """Does the decision name a pool class (and no allocator class)? Such a class test on
        the allocator never holds: the SWA path it gates is dead, not a draft's wrong read."""
        pool = False
        for n in nodes:
            if isinstance(n, cst.SimpleString):
                try:
                    word = n.evaluated_value
                except Exception:  # odd literals
                    continue
                if not isinstance(word, str):
                    continue
            elif isinstance(n, (cst.Name, cst.Attribute)):
                word = n.value if isinstance(n, cst.Name) else n.attr.value
            else:
                continue
            if is_allocator_class_name(word):
                return False
            pool = pool or is_swa_pool_class_name(word)
        return pool

    def _dispatchers(self) -> dict:
        """The module's ``functools.singledispatch`` functions and its classes'
        ``singledispatchmethod`` methods -> the class expressions they register overloads for
        (``@f.register`` with an annotated first parameter, after ``self`` for a method, or
        ``@f.register(C)``): a call of one on the allocator decides by its class."""
        found = self.__dict__.get("_dispatch")
        if found is not None:
            return found
        found: dict = {}
        # module functions, and methods (``singledispatchmethod``: dispatched on the argument
        # after ``self``) with the overloads registered in the same body
        bodies = [(self.analysis.module.body, 0)] + [
            (stmt.body.body, 1)
            for stmt in self.analysis.module.body
            if isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock)
        ]
        for body, skip in bodies:
            dispatch = {"singledispatch", "singledispatchmethod"} if skip else {"singledispatch"}
            here = {
                stmt.name.value
                for stmt in body
                if isinstance(stmt, cst.FunctionDef)
                and any(_terminal(d.decorator) in dispatch for d in stmt.decorators)
            }
            for name in here:
                found[name] = []
            for stmt in body:
                if not isinstance(stmt, cst.FunctionDef):
                    continue
                for d in stmt.decorators:
                    expr = d.decorator
                    call = expr if isinstance(expr, cst.Call) else None
                    target = call.func if call is not None else expr
                    if (
                        isinstance(target, cst.Attribute)
                        and target.attr.value == "register"
                        and _terminal(target.value) in here
                    ):
                        params = stmt.params.params[skip:]
                        if call is not None and call.args:
                            cls = call.args[0].value
                        elif params and params[0].annotation is not None:
                            cls = params[0].annotation.annotation
                        else:
                            continue
                        found[_terminal(target.value)].append(cls)
        self._dispatch = found
        return found

    def _names_swa(self, nodes, depth: int = 0) -> Optional[bool]:
        """True: the decision names an SWA allocator class (or its name, or an ``swa`` word),
        itself or through a module-level name it reads (a dict keyed by classes, a
        ``singledispatch`` function's overloads); False: it names only other classes (a pool
        class, a non-SWA allocator: not an SWA decision on the allocator, or one that can
        never hold); None: it names no class."""
        other = False
        for n in nodes:
            if isinstance(n, (cst.Name, cst.Attribute)):
                if self.analysis.is_swa_allocator_class(n):
                    return True
                if isinstance(n, cst.Name) and depth < 2:
                    behind = self._dispatchers().get(n.value)
                    if behind is None and n.value in self.analysis.module_assigns:
                        behind = [self.analysis.module_assigns[n.value]]
                    inner = [x for e in behind or () for x in iter_nodes(e)]
                    named = self._names_swa(inner, depth + 1) if inner else None
                    if named:
                        return True
                    other = other or named is False
                word = n.value if isinstance(n, cst.Name) else n.attr.value
                other = other or is_allocator_class_name(word) or is_swa_pool_class_name(word)
            elif isinstance(n, cst.SimpleString):
                try:
                    value = n.evaluated_value
                except Exception:  # odd literals
                    continue
                if not isinstance(value, str):
                    continue
                if is_swa_allocator_class_name(value):
                    return True
                if is_allocator_class_name(value) or is_swa_pool_class_name(value):
                    other = True
                elif "swa" in value.lower():
                    return True
        return False if other else None

    def _sets_swa_flag(self, stmt) -> bool:
        if stmt is None:
            return False
        if isinstance(stmt, cst.Return):
            fn = self.function
            return fn is not None and bool(_SWA_NAME.search(fn.name or ""))
        if isinstance(stmt, (cst.If, cst.While)):
            return any(
                any(_SWA_NAME.search(t) for t in _targets(n))
                for n in iter_nodes(stmt.body)
                if isinstance(n, (cst.Assign, cst.AnnAssign, cst.AugAssign))
            )
        return any(_SWA_NAME.search(t) for t in _targets(stmt))

    VALID = [
        # a class test inside a ``try`` (it raises nothing) choosing gauges a log line reads
        """
from dataclasses import dataclass
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
@dataclass
class Gauges:
    full_free: int = 0
    window_free: int = -1
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._alloc = model_runner.token_to_kv_pool_allocator
        self.gauges = Gauges()
    def update_gauges(self):
        try:
            alloc = self._alloc
            if isinstance(alloc, SWATokenToKVPoolAllocator):
                self.gauges = Gauges(alloc.full_available_size(), alloc.swa_available_size())
            else:
                self.gauges = Gauges(alloc.available_size())
        except ReferenceError:
            logger.debug("allocator released")
        logger.info("gauges %s", self.gauges)
    def forward_decode(self, loc):
        return self.pool, loc
""",
        # the allocator's mapping kept only where it is the pool's own; else a log line (output,
        # no outcome)
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        own = getattr(self.pool, "full_to_swa_index_mapping", None)
        shared = getattr(alloc, "full_to_swa_index_mapping", None)
        self.mapping = None
        if own is not None and shared is own:
            self.mapping = shared
        elif shared is not None:
            logger.debug("allocator mapping not registered on this pool")
    def forward_decode(self, loc):
        if self.mapping is not None:
            loc = self.mapping[loc]
        return self.pool, loc
""",
        # a class test keeping a slot count that only sizes a buffer the pool decides on
        """
import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.swa_slots = allocator.size_swa
        else:
            self.swa_slots = 0
        self.swa_loc = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_loc = torch.zeros(max(self.swa_slots, 1), dtype=torch.int64)
    def forward_decode(self, loc):
        if self.swa_loc is None:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
""",
        # a probe filling a dict of counters only a log line reads (item stores write it)
        """
def kv_usage(allocator):
    usage = {"full_free": allocator.available_size()}
    if hasattr(allocator, "swa_available_size"):
        usage["swa_free"] = allocator.swa_available_size()
    return usage
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        logger.info("kv usage: %s", kv_usage(model_runner.token_to_kv_pool_allocator))
    def forward_decode(self, loc):
        return self.pool, loc
""",
        # an SWA size picking tiles through a helper that only computes them, and a page
        # count or None
        """
from dataclasses import dataclass
@dataclass(frozen=True)
class Tiles:
    block_n: int
    splits: int
def _tiles(num_tokens: int) -> Tiles:
    if num_tokens <= 4096:
        return Tiles(block_n=32, splits=4)
    return Tiles(block_n=64, splits=8)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        window = getattr(allocator, "size_swa", None)
        self.window_tiles = _tiles(window) if window else _tiles(allocator.size)
        self.window_pages = None if window is None else window // 16
        logger.info("window tiles %s", self.window_tiles)
    def forward_decode(self, loc):
        return self.pool, loc
""",
        # a class test choosing only whether module code notes a statistic nothing reads
        """
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class _Stats:
    def __init__(self):
        self.values = {}
    def note(self, name, value):
        self.values[name] = value
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.stats = _Stats()
        if isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
            self.stats.note("allocator", "hybrid")
        logger.info("stats %s", self.stats.values)
    def forward_decode(self, loc):
        return self.pool, loc
""",
        # a private static check reached only with the runner's own SWA pool (its callers
        # decide; a raise nothing catches ends the run)
        """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._check_capacity(model_runner.token_to_kv_pool_allocator, self.pool)
        self.windowed = isinstance(self.pool, SWAKVPool)
    @staticmethod
    def _check_capacity(allocator, pool) -> None:
        if allocator.size > pool.size:
            raise ValueError("allocator larger than pool")
        if isinstance(pool, SWAKVPool) and hasattr(allocator, "size_swa"):
            if allocator.size_swa > pool.size_swa:
                raise ValueError("window allocator larger than window pool")
    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # an SWA size probe whose answer is kept only as numbers that size buffers
        """
import torch
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_capacity = int(getattr(allocator, "size_full", allocator.size))
        if hasattr(allocator, "size_swa"):
            self.swa_capacity = int(allocator.size_swa)
        else:
            self.swa_capacity = self.full_capacity
        self.swa_loc = torch.zeros(self.swa_capacity, dtype=torch.int64)
    def forward_decode(self, loc):
        return self.pool, loc
""",
        # a class test deciding only the text a helper returns for a log line
        """
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
def _describe(allocator) -> str:
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return f"hybrid(full={allocator.size_full}, swa={allocator.size_swa})"
    return f"{type(allocator).__name__}(size={allocator.size})"
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.description = _describe(model_runner.token_to_kv_pool_allocator)
        logger.info("allocator %s", self.description)
    def forward_decode(self, loc):
        return self.pool, loc
""",
        # keyword patterns of a class pattern reading sizes for a capacity
        """
import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
def _capacity(allocator) -> int:
    match allocator:
        case SWATokenToKVPoolAllocator(size_swa=swa, size_full=full):
            return min(swa, full)
        case _:
            return allocator.size
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.capacity = _capacity(model_runner.token_to_kv_pool_allocator)
        self.kv_indices = torch.zeros(self.capacity, dtype=torch.int64)
    def forward_decode(self, loc):
        return self.pool, loc
""",
        # a record built with the allocator's class name: the decision reads the pool's field
        """
from dataclasses import dataclass
@dataclass
class _Info:
    allocator_kind: str
    pool_kind: str
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.info = _Info(
            allocator_kind=type(model_runner.token_to_kv_pool_allocator).__name__,
            pool_kind=type(self.pool).__name__,
        )
    def forward_decode(self, loc):
        if "SWA" in self.info.pool_kind:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # an early exit on a probed hook whose rest only logs and calls the hook (the
        # allocator's bookkeeping, no pool or location)
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._free_window = getattr(model_runner.token_to_kv_pool_allocator, "free_swa", None)
    def release(self, index):
        if self._free_window is None or index.numel() == 0:
            return
        logger.debug("releasing %d", index.numel())
        self._free_window(index)
""",
        # a probed size called only to fill a private record's unread field
        """
from dataclasses import dataclass
@dataclass
class _Free:
    swa: object
def _snapshot(alloc):
    swa = getattr(alloc, "swa_available_size", None)
    return _Free(swa=swa() if swa is not None else None)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.stats = _snapshot(model_runner.token_to_kv_pool_allocator)
""",
        # a probe only ``__repr__`` text shows
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
    def __repr__(self):
        alloc = self.allocator
        free = alloc.swa_available_size() if hasattr(alloc, "swa_available_size") else None
        return f"FooAttnBackend(swa_free={free})"
""",
        # a private stats class's SWA-named size, read only by a property that is logged
        """
class _CapacityStats:
    def __init__(self, allocator):
        self.full_tokens = allocator.size_full
        self.swa_tokens = getattr(allocator, "size_swa", self.full_tokens)
    @property
    def ratio(self):
        return self.swa_tokens / max(self.full_tokens, 1)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.stats = _CapacityStats(model_runner.token_to_kv_pool_allocator)
        logger.info("swa/full = %.3f", self.stats.ratio)
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
""",
        # a record's SWA-named field nothing reads (a record, not a backend another module
        # reads flags from)
        """
from dataclasses import dataclass
@dataclass
class _Plan:
    runner: object
    def __post_init__(self):
        self.shared_is_swa = isinstance(self.runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
        self.sliding = isinstance(self.runner.token_to_kv_pool, SWAKVPool)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.plan = _Plan(model_runner)
    def forward_decode(self, loc):
        return self.plan.sliding
""",
        # a flag of the allocator's class that only decides whether to keep a note
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc_is_swa = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        if self.alloc_is_swa and not isinstance(self.pool, SWAKVPool):
            self.note = "shared SWA allocator, full-only pool"
    def forward_decode(self, loc):
        return self.pool, loc
""",
        # the class test matters only with a non-draft: on the draft the same case is taken
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        facts = (bool(model_runner.is_draft_worker), isinstance(alloc, SWATokenToKVPoolAllocator))
        match facts:
            case (False, True):
                pool = alloc.get_kvcache()
            case _:
                pool = model_runner.token_to_kv_pool
        self.pool = pool
""",
        # a class test a base's guard, called through ``super()``, short-circuits on drafts
        """
class _Base:
    def __init__(self, model_runner):
        self.alloc = model_runner.token_to_kv_pool_allocator
        self.is_draft = model_runner.is_draft_worker
    def _shared_map_ok(self):
        return not self.is_draft
class FooAttnBackend(_Base):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.use_swa = super()._shared_map_ok() and isinstance(self.alloc, SWATokenToKVPoolAllocator)
""",
        # the allocator's class read into a local that only an ``and`` with the pool's class
        # test reads: false on the draft (its own full pool)
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        hybrid = isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
        self.use_swa = hybrid and isinstance(model_runner.token_to_kv_pool, SWAKVPool)
""",
        # a probe's answer used as a size and a metric: nothing decided by it
        """
import torch
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        swa_slots = getattr(alloc, "size_swa", alloc.size)
        self.workspace = torch.empty(max(alloc.size, swa_slots) + 1)
        try:
            swa_free = alloc.swa_available_size()
        except AttributeError:
            swa_free = None
        self.samples = []
        self.samples.append(swa_free)
""",
        # a flag read only to log
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.alloc = model_runner.token_to_kv_pool_allocator
        self.report_swa_usage = isinstance(self.alloc, SWATokenToKVPoolAllocator)
    def forward_decode(self, loc):
        if self.report_swa_usage:
            logger.debug("swa free %s", self.alloc.swa_available_size())
        return loc
""",
        # a member named through a module constant that every allocator has: no SWA decision
        """
_SIZE = "page_" + "size"
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.paged = hasattr(alloc, _SIZE)
""",
        # a class test bound to the pool by functools.partial: the pool decides
        """
import functools
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        is_kind = functools.partial(isinstance, model_runner.token_to_kv_pool)
        self.use_swa = is_kind(SWAKVPool)
""",
        # the pool decides: correct
        """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_sliding_window_kv_pool = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
""",
        # duck typing on the pool (triton >= 0.5.13)
        """
def update_sliding_window_buffer(x, token_to_kv_pool=None):
    if hasattr(token_to_kv_pool, "translate_loc_from_full_to_swa"):
        return token_to_kv_pool.translate_loc_from_full_to_swa(x)
""",
        # a dead alias is not a decision
        """
class TritonAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
""",
        # a non-SWA allocator class is not an SWA decision
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.paged = isinstance(model_runner.token_to_kv_pool_allocator, PagedTokenToKVPoolAllocator)
""",
        # hasattr on the allocator for a non-SWA member
        """
class FooAttnBackend(AttentionBackend):
    def m(self, model_runner):
        return hasattr(model_runner.token_to_kv_pool_allocator, "alloc_extend")
""",
        # the allocator's class in a log line, a stored name, a non-SWA decision; the pool's
        # class names SWA; a flag decided from the pool, read later
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        logger.info("allocator %s", type(alloc).__name__)
        self.alloc_name = f"{type(alloc).__name__}"
        if type(alloc).__name__ == "PagedTokenToKVPoolAllocator":
            self.page_mode = True
        self.use_swa = "SWA" in type(pool).__name__
        if self.use_swa:
            self.x = 1
""",
        # a helper's probes, asked of the pool and then the allocator under ``all()``: the pool's
        # answer decides for a draft (the size read beside it is read alike either way)
        """
MEMBERS = ("translate_loc_from_full_to_swa", "full_to_swa_index_mapping")
def _speaks_swa(obj):
    return all(hasattr(obj, m) for m in MEMBERS)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = all(_speaks_swa(x) for x in (self.pool, allocator))
        self.capacity = int(getattr(allocator, "size", 0))
    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return loc
""",
        # the allocator's map kept only when it is the pool's own object (a draft's pool has none;
        # ``self.device``, unknown, is the same unknown either way)
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_map = self._shared_map()
    def _shared_map(self):
        alloc_map = getattr(self.allocator, "full_to_swa_index_mapping", None)
        pool_map = getattr(self.pool, "full_to_swa_index_mapping", None)
        if alloc_map is not None and alloc_map is pool_map:
            return alloc_map
        return None
    def forward_decode(self, loc):
        if self.swa_map is None:
            return loc
        return self.swa_map[loc]
""",
        # the allocator's translator kept for a debug cross-check that the pool's own answer
        # cuts short on a draft (its one reader, private to the class)
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._to_swa = getattr(self.pool, "translate_loc_from_full_to_swa", None)
        # the allocator's translator: only to cross-check in debug builds
        self._alloc_to_swa = getattr(self.allocator, "translate_loc_from_full_to_swa", None)
    def debug_check(self, loc):
        if self._to_swa is None or self._alloc_to_swa is None:
            return True
        return bool(torch.equal(self._to_swa(loc), self._alloc_to_swa(loc)))
    def forward_decode(self, loc):
        return loc if self._to_swa is None else self._to_swa(loc)
""",
        # the allocator's class kept as a hint the pool's test confirms (``and``) in a record's
        # property
        """
@dataclass
class KVSetup:
    allocator_is_hybrid: bool
    pool_can_translate: bool
    @property
    def use_swa(self):
        return self.allocator_is_hybrid and self.pool_can_translate
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.setup = KVSetup(
            allocator_is_hybrid=isinstance(allocator, SWATokenToKVPoolAllocator),
            pool_can_translate=hasattr(self.pool, "translate_loc_from_full_to_swa"),
        )
    def forward_decode(self, loc):
        if self.setup.use_swa:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
""",
        # the allocator's window size only sizes a metrics record that the decode path reads
        # after the pool's own test sent a draft away
        """
@dataclass
class Histogram:
    capacity: int
    def observe(self, loc):
        return loc * 8 // max(1, self.capacity)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # the allocator's window size only sizes a metrics histogram
        self.hist = Histogram(int(getattr(self.allocator, "size_swa", 0) or 0))
        self.swa_map = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_map = self.pool.full_to_swa_index_mapping
    def forward_decode(self, loc):
        if self.swa_map is None:
            return self.pool, loc
        self.hist.observe(loc)
        return self.pool, self.swa_map[loc]
""",
        # a private base's ``__init__`` takes the allocator's map; every subclass calls it first,
        # then takes the pool's
        """
class _Base:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_map = getattr(self.allocator, "full_to_swa_index_mapping", None)
class FooAttnBackend(_Base, AttentionBackend):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.swa_map = getattr(self.pool, "full_to_swa_index_mapping", None)
    def forward_decode(self, loc):
        if self.swa_map is None:
            return self.pool, loc
        return self.pool, self.swa_map[loc]
""",
    ]

    VALID += [
        # a branch that only logs decides nothing
        """
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            logger.info("hybrid SWA allocator")
""",
        # a mixin's allocator probe reached only after ``super()``'s pool test holds (the
        # mixin's ``super()`` is the class mixed in after it); a class pattern only for a size
        """
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class _PoolTest:
    def _windowed(self, runner):
        return isinstance(runner.token_to_kv_pool, SWAKVPool)
class _AllocatorToo:
    def _windowed(self, runner):
        if not super()._windowed(runner):
            return False
        return hasattr(runner.token_to_kv_pool_allocator, "swa_attn_allocator")
class FooAttnBackend(_AllocatorToo, _PoolTest):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = self._windowed(model_runner)
        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator(page_size=p):
                self.page_size = p
            case other:
                self.page_size = getattr(other, "page_size", 1)
    def forward_decode(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc) if self.use_swa else loc
""",
        # a class test kept only to round a reservation (a shape), and one kept in a record
        # read only by a note, a log line and ``__repr__`` text (SwaPaths.decides_nothing)
        """
from dataclasses import dataclass, field
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
@dataclass
class Notes:
    allocator_kind: bool = False
    seen: list = field(default_factory=list)
    def text(self):
        return f"allocator={self.allocator_kind}"
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            self.granule = 1
        else:
            self.granule = self.allocator.page_size
        self.notes = Notes(allocator_kind=isinstance(self.allocator, SWATokenToKVPoolAllocator))
        if self.notes.allocator_kind:
            self.notes.seen.append("shared allocator")
        logger.debug("backend: %s", self.notes.text())
    def __repr__(self):
        return f"FooAttnBackend({self.notes.text()})"
    def reserve(self, n):
        step = self.granule
        return self.allocator.alloc(-(-n // step) * step)
""",
        # an allocator probe that can only narrow the pool's own test (``and``), next to an
        # unknown runner attribute kept alike either way (scenario.draft_indifferent)
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        hybrid = callable(getattr(alloc, "translate_loc_from_full_to_swa", None))
        own = isinstance(self.pool, SWAKVPool)
        if hybrid and not own:
            logger.info("hybrid allocator over a dense pool")
        self.swa_pool = self.pool if hybrid and own else None
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # a record of the allocator's class kept for a warning only: the branch reading it
        # only logs, so it leads to no SWA path
        """
@dataclass
class Capacity:
    swa_tokens: int
    hybrid_allocator: bool
def capacity(alloc):
    if isinstance(alloc, SWATokenToKVPoolAllocator):
        return Capacity(alloc.size_swa, True)
    return Capacity(0, False)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.budget = capacity(model_runner.token_to_kv_pool_allocator)
        if self.budget.hybrid_allocator and self.budget.swa_tokens < 64:
            logger.warning("small SWA budget: %d", self.budget.swa_tokens)
    def forward_decode(self, loc):
        return loc
""",
        # a probe kept in a record dumped only into a debug line (``asdict`` in the log call)
        """
@dataclass
class Dump:
    allocator: str
    hybrid_allocator: bool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        logger.debug("%s", asdict(self.dump()))
    def dump(self):
        return Dump(
            allocator=type(self.allocator).__name__,
            hybrid_allocator=isinstance(self.allocator, SWATokenToKVPoolAllocator),
        )
""",
        # an SWA free count read by raising, feeding an admission count a method returns
        # that no one in the module calls (a magnitude, not a flag)
        """
@dataclass
class FreePages:
    full: int
    swa: int = -1
    def tightest(self):
        return self.full if self.swa < 0 else min(self.full, self.swa)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
    def _free_pages(self):
        full = self.allocator.available_size()
        try:
            swa = self.allocator.swa_available_size()
        except AttributeError:
            return FreePages(full)
        return FreePages(full, swa)
    def should_preempt(self, needed: int) -> bool:
        return self._free_pages().tightest() < needed
""",
        # a class test picking an enum member for a capacity figure only
        """
class Capacity(enum.Enum):
    SINGLE = 1
    SPLIT = 2
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.capacity = (
            Capacity.SPLIT
            if isinstance(self.allocator, SWATokenToKVPoolAllocator)
            else Capacity.SINGLE
        )
    def max_tokens(self) -> int:
        if self.capacity is Capacity.SPLIT:
            return min(self.allocator.full_available_size(), self.allocator.swa_available_size())
        return self.allocator.available_size()
""",
        # the allocator's class name tested in a private resolver only after a record's
        # property has returned for every regular draft (its callers' scenario)
        """
@dataclass(frozen=True)
class Role:
    is_draft: bool
    reads_target: bool
    allocator_kind: str
    @property
    def owns_kv(self):
        return self.is_draft and not self.reads_target
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.role = Role(
            is_draft=bool(model_runner.is_draft_worker),
            reads_target=bool(model_runner.spec_algorithm.is_frozen_kv_mtp()),
            allocator_kind=type(model_runner.token_to_kv_pool_allocator).__name__,
        )
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
    def _resolve(self, model_runner):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if self.role.owns_kv:
            return None
        if not self.role.allocator_kind.startswith("SWA"):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
        # an SWA free count (an allocator count method of the API model) kept in a metrics
        # record, and a budget that only decides whether to raise
        """
@dataclass
class Metrics:
    swa_free: int = -1
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.metrics = Metrics()
        self._track = hasattr(self.allocator, "swa_available_size")
        swa = getattr(self.allocator, "swa_available_size", None)
        full = self.allocator.available_size()
        self.budget = min(full, swa()) if callable(swa) else full
    def record(self):
        if self._track:
            self.metrics.swa_free = self.allocator.swa_available_size()
        logger.debug("free: %s", self.metrics)
    def forward_decode(self, loc):
        if loc.numel() > self.budget:
            raise RuntimeError("decode batch exceeds the KV budget")
        return loc
""",
        # a budget kept in a record ``cls(...)`` builds in its classmethod, only logged
        """
@dataclass(frozen=True)
class WindowConfig:
    enabled: bool
    swa_budget: int = 0

    @classmethod
    def from_runner(cls, model_runner):
        pool = model_runner.token_to_kv_pool
        return cls(
            enabled=isinstance(pool, SWAKVPool),
            swa_budget=getattr(model_runner.token_to_kv_pool_allocator, "size_swa", 0),
        )
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.cfg = WindowConfig.from_runner(model_runner)
        logger.info("swa=%s budget=%d", self.cfg.enabled, self.cfg.swa_budget)
    def forward_decode(self, loc):
        if self.cfg.enabled:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # the allocator's class picks which count a method returns; the count is a field
        # of a record nothing reads (a metric, not the SWA path)
        """
@dataclass
class DecodeMetadata:
    kv_locs: object = None
    num_free_slots: int = 0
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa = isinstance(self.pool, SWAKVPool)
        self._hybrid_allocator = isinstance(self.allocator, SWATokenToKVPoolAllocator)
    def _free_slots(self):
        if self._hybrid_allocator:
            return self.allocator.swa_available_size()
        return self.allocator.available_size()
    def init_forward_metadata(self, loc):
        md = DecodeMetadata(num_free_slots=self._free_slots())
        md.kv_locs = self.pool.translate_loc_from_full_to_swa(loc) if self.swa else loc
        return md
    def forward_decode(self, loc):
        return self.pool, self.init_forward_metadata(loc).kv_locs
""",
        # an allocator probe in a helper's list of checks that ``all()`` joins with the pool's
        # own test: on a draft (a full pool) the joined answer is False either way
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
    def _active_checks(self, runner):
        return [
            isinstance(runner.token_to_kv_pool, SWAKVPool),
            hasattr(runner.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"),
        ]
    def _resolve(self, runner):
        if all(self._active_checks(runner)):
            return runner.token_to_kv_pool
        return None
    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
""",
        # capacity gauges read by names a module tuple spells out, kept for a log line
        """
GAUGES = ("size_swa", "size_full")
@dataclass
class Stats:
    steps: int = 0
    capacity: dict = field(default_factory=dict)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.stats = Stats(capacity={n: int(getattr(alloc, n, 0) or 0) for n in GAUGES})
        self.swa = isinstance(self.pool, SWAKVPool)
        logger.info("capacity=%s", self.stats.capacity)
    def forward_decode(self, loc):
        self.stats.steps += 1
        if self.swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # the allocator's class picks a count for a local that only fills a record field
        """
@dataclass
class WindowConfig:
    enabled: bool
    swa_slots: int = 0
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        swa_slots = alloc.size_swa if isinstance(alloc, SWATokenToKVPoolAllocator) else 0
        self.config = WindowConfig(isinstance(self.pool, SWAKVPool), swa_slots)
        logger.debug("window config: %s", self.config)
    def forward_decode(self, loc):
        if self.config.enabled:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # one probe helper applied to the pool and to the allocator, joined by ``all()``: on
        # a draft the pool's own answer (False) decides, whatever the allocator's is
        """
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _supports_window(handle):
        return callable(getattr(handle, "translate_loc_from_full_to_swa", None))
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        handles = (self.pool, model_runner.token_to_kv_pool_allocator)
        self.windowed = all(self._supports_window(h) for h in handles)
    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # the allocator's class picks how scratch slots are given back: its own effects
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._split_free = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        self._scratch = None
    def release_scratch(self):
        if self._scratch is None:
            return
        if self._split_free:
            self.allocator.free_group_begin()
            self.allocator.free(self._scratch)
            self.allocator.free_group_end()
        else:
            self.allocator.free(self._scratch)
        self._scratch = None
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # SWA free counts probed with a count method as the fallback, for an admission budget
        # whose verdict only counts rejections and logs
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa = isinstance(self.pool, SWAKVPool)
        self.rejected = 0
    def budget(self):
        alloc = self.allocator
        return getattr(alloc, "swa_available_size", alloc.available_size)()
    def admit(self, n):
        if n > self.budget():
            self.rejected += 1
            logger.warning("over budget")
            return False
        return True
    def forward_decode(self, loc):
        self.admit(int(loc.numel()))
        if self.swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # the allocator's class name picks which gauge a record samples (a number)
        """
@dataclass
class Gauge:
    name: str
    read: object
    def sample(self) -> int:
        return int(self.read())
def _select_gauge(allocator):
    if type(allocator).__name__.startswith("SWA"):
        return Gauge("swa_free", allocator.swa_available_size)
    return Gauge("free", allocator.available_size)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.gauge = _select_gauge(model_runner.token_to_kv_pool_allocator)
        self.windowed = isinstance(self.pool, SWAKVPool)
        self.last = self.gauge.sample()
        logger.info("%s=%d", self.gauge.name, self.last)
    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # the allocator's SWA size only bounds a sanity check of the translated locations
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.pool, SWAKVPool)
        self._swa_capacity = getattr(model_runner.token_to_kv_pool_allocator, "size_swa", None)
    def forward_decode(self, loc):
        if not self.use_swa:
            return self.pool, loc
        out = self.pool.translate_loc_from_full_to_swa(loc)
        if self._swa_capacity is not None:
            assert int(out.max()) <= self._swa_capacity
        return self.pool, out
""",
        # SWA free slots counted where the allocator has the count, for a metrics snapshot
        """
@dataclass
class Snapshot:
    full_free: int
    swa_free: int
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._windowed = isinstance(self.pool, SWAKVPool)
    def metrics_snapshot(self):
        alloc = self._allocator
        swa_free = alloc.swa_available_size() if hasattr(alloc, "swa_available_size") else 0
        return Snapshot(full_free=alloc.available_size(), swa_free=swa_free)
    def forward_decode(self, loc):
        logger.debug("kv: %s", self.metrics_snapshot())
        if self._windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # the allocator's class picks which of its size properties fill a layout record's
        # counts; the pool decides the window
        """
@dataclass(frozen=True)
class WindowLayout:
    windowed: bool
    swa_slots: int
    full_slots: int
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.layout = WindowLayout(
            windowed=isinstance(self.pool, SWAKVPool),
            swa_slots=allocator.size_swa if hybrid else 0,
            full_slots=allocator.size_full if hybrid else allocator.size,
        )
    def forward_decode(self, loc):
        if self.layout.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # allocator counters read by names in a loop into a snapshot whose entries are looked
        # up for a utilisation warning
        """
_COUNTERS = ("available_size", "swa_available_size")
@dataclass
class Snapshot:
    counters: dict = field(default_factory=dict)
    def free(self, name):
        return self.counters.get(name, 0)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = isinstance(self.pool, SWAKVPool)
    def snapshot(self):
        snap = Snapshot()
        for name in _COUNTERS:
            fn = getattr(self.allocator, name, None)
            if callable(fn):
                snap.counters[name] = int(fn())
        return snap
    def forward_decode(self, loc):
        if self.snapshot().free("swa_available_size") < 16:
            logger.warning("window cache nearly full")
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # gauges exported by name, -1 where the allocator lacks the count
        """
@dataclass
class Metrics:
    gauges: dict = field(default_factory=dict)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._alloc = model_runner.token_to_kv_pool_allocator
        self.metrics = Metrics()
        self.windowed = isinstance(self.pool, SWAKVPool)
    def export(self):
        for name in ("available_size", "swa_available_size"):
            fn = getattr(self._alloc, name, None)
            self.metrics.gauges[name] = int(fn()) if callable(fn) else -1
        logger.debug("metrics %s", self.metrics)
    def forward_decode(self, loc):
        self.export()
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # an SWA size kept in a gauge record, read back under a dict key of the same name
        # by a stats method nothing calls
        """
@dataclass
class _Gauges:
    window_total: int
    decode_steps: int = 0
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.gauges = _Gauges(window_total=int(getattr(alloc, "size_swa", 0) or 0))
        self.windowed = isinstance(self.pool, SWAKVPool)
    def usage_snapshot(self) -> dict:
        return {"window_total": self.gauges.window_total, "steps": self.gauges.decode_steps}
    def forward_decode(self, loc):
        self.gauges.decode_steps += 1
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # a reading of the allocator's SWA free count kept in a history the module trims
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.history = []
        self.windowed = isinstance(self.pool, SWAKVPool)
    def note_free(self):
        free_swa = 0
        if hasattr(self.allocator, "swa_available_size"):
            free_swa = self.allocator.swa_available_size()
        self.history.append(free_swa)
        if len(self.history) > 8:
            self.history.pop(0)
    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # an SWA size turned into pages by a helper that only computes (``math.ceil``)
        """
@dataclass(frozen=True)
class Capacity:
    full_tokens: int
    swa_tokens: int
    def pages(self, tokens, page_size):
        return max(math.ceil(tokens / page_size), 1)
def _capacity_from(allocator):
    full = getattr(allocator, "size_full", None) or allocator.size
    swa = getattr(allocator, "size_swa", full)
    return Capacity(full_tokens=int(full), swa_tokens=int(swa))
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.cap = _capacity_from(model_runner.token_to_kv_pool_allocator)
        self.windowed = hasattr(self.pool, "translate_loc_from_full_to_swa")
        self.swa_indices = torch.zeros(8, self.cap.pages(self.cap.swa_tokens, 16))
    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # a warn-once latch: the flag after the call in ``and`` decides no call
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._warned = False
        self.windowed = isinstance(self.pool, SWAKVPool)
    def _pressure(self):
        return isinstance(self.allocator, SWATokenToKVPoolAllocator)
    def maybe_warn(self):
        if self._pressure() and not self._warned:
            logger.warning("window pressure")
            self._warned = True
    def forward_decode(self, loc):
        self.maybe_warn()
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # a loop over a count: its items and its body only keep numbers
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._budget = getattr(self.allocator, "swa_available_size", self.allocator.available_size)
        self.windowed = isinstance(self.pool, SWAKVPool)
    def plan_chunks(self, n: int) -> List[Tuple[int, int]]:
        step = max(self._budget(), 1)
        chunks = []
        for start in range(0, n, step):
            chunks.append((start, min(start + step, n)))
        return chunks
    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # a lambda closing over a size is followed where it is called; items dropped with ``del``
        """
@dataclass
class Gauge:
    name: str
    read: Callable[[], float]
    samples: list = field(default_factory=list)
    def sample(self):
        self.samples.append(self.read())
        del self.samples[:-32]
        return self.samples[-1]
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            size = max(1, alloc.size_swa)
            self.gauge = Gauge("window", lambda: 1.0 - alloc.swa_available_size() / size)
        else:
            size = max(1, alloc.size)
            self.gauge = Gauge("full", lambda: 1.0 - alloc.available_size() / size)
        self.windowed = isinstance(self.pool, SWAKVPool)
    def init_forward_metadata(self, forward_batch):
        logger.info("%s=%.3f", self.gauge.name, self.gauge.sample())
    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # a buffer reserved when the allocator is SWA, only ever written into
        """
@dataclass
class PageTables:
    full: torch.Tensor
    window: Optional[torch.Tensor] = None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.tables = PageTables(full=torch.zeros(8, 64, dtype=torch.int32))
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            self.tables.window = torch.zeros(8, alloc.size_swa // 16, dtype=torch.int32)
        self.windowed = isinstance(self.pool, SWAKVPool)
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        locs = self._locs(forward_batch.out_cache_loc)
        table = self.tables.window if self.windowed else self.tables.full
        table[:bs, 0] = locs[:bs]
    def _locs(self, loc):
        if self.windowed:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
    def forward_decode(self, loc):
        return self.pool, self._locs(loc)
""",
        # a report copied by ``asdict`` for a health endpoint: the pool's entry decides
        """
@dataclass
class Health:
    allocator_is_swa: bool
    pool_is_swa: bool
    free_tokens: int
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.report = Health(
            allocator_is_swa=isinstance(self.allocator, SWATokenToKVPoolAllocator),
            pool_is_swa=isinstance(self.pool, SWAKVPool),
            free_tokens=self.allocator.available_size(),
        )
    def health(self) -> dict:
        return asdict(self.report)
    def forward_decode(self, loc):
        if self.report.pool_is_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # a buffer made when the allocator is SWA, under an swa name nothing reads
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = hasattr(self.pool, "translate_loc_from_full_to_swa")
        self.cuda_graph_swa_kv_indices = None
    def init_cuda_graph_state(self, max_bs, max_num_tokens):
        if hasattr(self.allocator, "translate_loc_from_full_to_swa"):
            self.cuda_graph_swa_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)
    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # a budget from the allocator's class bounds a slice
        """
@dataclass
class Budget:
    max_tokens: int
    windowed: bool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            self.budget = Budget(min(alloc.size_swa, alloc.size_full), True)
        else:
            self.budget = Budget(alloc.size, False)
        self.windowed = isinstance(self.pool, SWAKVPool)
    def forward_decode(self, loc):
        loc = loc[: self.budget.max_tokens]
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # a debug dict whose pool entry decides; the allocator entry is only logged
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.debug_info = {
            "allocator_layout": "swa" if hasattr(allocator, "full_to_swa_index_mapping") else "full",
            "kv_layout": "swa" if isinstance(self.pool, SWAKVPool) else "full",
        }
        logger.debug("kv setup: %s", self.debug_info)
    def forward_decode(self, loc):
        if self.debug_info["kv_layout"] == "swa":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # an allocator class-name flag that only picks the text of a debug string
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.allocator_is_hybrid = "SWA" in type(self.allocator).__name__
        pool = model_runner.token_to_kv_pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None
    def describe(self) -> str:
        extra = self.allocator.debug_print() if self.allocator_is_hybrid else ""
        return f"allocator hybrid={self.allocator_is_hybrid} {extra}".strip()
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # an allocator class test choosing which of the allocator's free counts a headroom check reads
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.is_hybrid_allocator = isinstance(self.allocator, SWATokenToKVPoolAllocator)
    def _headroom(self) -> int:
        if self.is_hybrid_allocator:
            return int(self.allocator.swa_available_size())
        return int(self.allocator.available_size())
    def _check(self, needed):
        headroom = self._headroom()
        if headroom < needed:
            raise RuntimeError(f"KV headroom {headroom} < {needed}")
    def forward_decode(self, loc):
        self._check(0)
        if isinstance(self.pool, SWAKVPool):
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # an allocator class test choosing the allocator's own release call, returning how many
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.released = 0
    def release_window(self, loc) -> int:
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            self.allocator.free_swa(loc)
            self.released += loc.numel()
            return loc.numel()
        return 0
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a helper class handed the allocator probes it only to choose which free counts a ratio reads
        Case("""
class Watermark:
    def __init__(self, allocator):
        self.allocator = allocator
        self.has_swa_counts = hasattr(allocator, "swa_available_size")
    def ratio(self):
        if self.has_swa_counts:
            return self.allocator.swa_available_size() / max(self.allocator.size_swa, 1)
        return self.allocator.available_size() / max(self.allocator.size, 1)
    def needs_eviction(self):
        return self.ratio() < 0.2
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.watermark = Watermark(model_runner.token_to_kv_pool_allocator)
        self.last_ratio = 1.0
    def forward_decode(self, loc):
        self.last_ratio = self.watermark.ratio()
        if isinstance(self.pool, SWAKVPool):
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # probes of the allocator's sizes whose int values only fill a summary that is logged
        Case("""
def _capacity(obj):
    out = {}
    for key in ("size", "size_swa", "size_full"):
        val = getattr(obj, key, None)
        if isinstance(val, int):
            out[key] = val
    return out
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        caps = _capacity(model_runner.token_to_kv_pool_allocator)
        logger.info("KV capacity %s", caps)
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a probe of the allocator kept only as a count in a gauge, next to steps the pool picks
        Case("""
import operator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        windows = 1 if hasattr(alloc, "translate_loc_from_full_to_swa") else 0
        self.gauge = operator.itemgetter(0)((windows, 0))
        steps = (self._full, self._window)
        self._step = steps[isinstance(self.pool, SWAKVPool)]
    def _full(self, loc):
        return loc
    def _window(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)
    def forward_decode(self, loc):
        return self._step(loc)
"""),
        # a helper kept with the backend decides the SWA mode from the pool it reads off it
        Case("""
class WindowScope:
    def __init__(self, backend):
        self.backend = backend
    def __enter__(self):
        self.backend.windowed = isinstance(self.backend.token_to_kv_pool, SWAKVPool)
        self.backend.free = self.backend.token_to_kv_pool_allocator.available_size()
        return self.backend.windowed
    def __exit__(self, *exc):
        self.backend.windowed = False
        return False
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = False
    def forward_decode(self, loc):
        with WindowScope(self) as windowed:
            if windowed:
                loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a formatter looked up by the allocator's type in a table a decorator fills: none reads KV
        Case("""
_FORMATTERS = {}
def formats(kind):
    def register(fn):
        _FORMATTERS[kind] = fn
        return fn
    return register
@formats(SWATokenToKVPoolAllocator)
def _two_counts(alloc):
    return f"{alloc.full_available_size()} / {alloc.swa_available_size()}"
def _one_count(alloc):
    return str(alloc.available_size())
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self._describe = _FORMATTERS.get(type(alloc), _one_count)
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # counters registered by allocator class in __init_subclass__: an SWA-named one only counts
        Case("""
class SlotCounter:
    registry = {}
    def __init_subclass__(cls, *, kind, **kw):
        super().__init_subclass__(**kw)
        SlotCounter.registry[kind] = cls
    def __init__(self, allocator):
        self.allocator = allocator
    @classmethod
    def pick(cls, allocator):
        for klass in type(allocator).__mro__:
            if klass in cls.registry:
                return cls.registry[klass](allocator)
        raise TypeError(klass)
class PlainCounter(SlotCounter, kind=BaseTokenToKVPoolAllocator):
    def free(self):
        return self.allocator.available_size()
class SWACounter(SlotCounter, kind=SWATokenToKVPoolAllocator):
    def free(self):
        return min(self.allocator.full_available_size(), self.allocator.swa_available_size())
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.counter = SlotCounter.pick(model_runner.token_to_kv_pool_allocator)
        self.pool = model_runner.token_to_kv_pool
    def forward_decode(self, loc):
        logger.debug("%d free", self.counter.free())
        if isinstance(self.pool, SWAKVPool):
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # an SWA count probe that only words an error raised when slots run out
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
    def _free(self):
        fn = getattr(self.allocator, "swa_available_size", None)
        return int(fn()) if fn is not None else int(self.allocator.available_size())
    def forward_decode(self, loc):
        free = self._free()
        if free < loc.numel():
            raise RuntimeError(f"only {free} window slots left")
        if isinstance(self.pool, SWAKVPool):
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # named counts of the allocator a public gauge method returns: metrics, no path
        Case("""
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid = isinstance(self.allocator, SWATokenToKVPoolAllocator)
    def gauges(self):
        if not self.hybrid:
            return {}
        return {"swa_free": self.allocator.swa_available_size(), "swa_total": self.allocator.size_swa}
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # ``typing.cast`` is a type hint: the allocator it gives feeds only gauge counts
        Case("""
from typing import Optional, cast
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        raw = model_runner.token_to_kv_pool_allocator
        self.swa_allocator: Optional[SWATokenToKVPoolAllocator] = None
        if isinstance(raw, SWATokenToKVPoolAllocator):
            self.swa_allocator = cast(SWATokenToKVPoolAllocator, raw)
    def occupancy(self):
        if self.swa_allocator is None:
            return {}
        return {"swa_free": int(self.swa_allocator.swa_available_size())}
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # a probe formatted into report rows a public method joins and returns: text for a person
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
    def usage_table(self):
        rows = ["kind bytes"]
        rows.append(f"size_swa={getattr(self.allocator, 'size_swa', '-')}")
        return "\\n".join(rows)
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # a class test gating a sanity check that compares the allocator's own counts and logs
        Case("""
import logging
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
logger = logging.getLogger(__name__)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.issues = []
        alloc = model_runner.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            if alloc.size_swa > alloc.size_full:
                self.issues.append(f"size_swa={alloc.size_swa} > size_full={alloc.size_full}")
        for issue in self.issues:
            logger.warning("KV check: %s", issue)
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # a probed SWA size kept under an f-string key of a stats dict a public method returns
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner, prefix="kv"):
        self.prefix = prefix
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
    def kv_stats(self) -> dict:
        stats = {f"{self.prefix}_available": int(self.allocator.available_size())}
        size_swa = getattr(self.allocator, "size_swa", None)
        if size_swa is not None:
            stats[f"{self.prefix}_capacity_swa"] = int(size_swa)
        return stats
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # a probed SWA count handed to a private gauge's method, kept with a timestamp
        Case("""
class _Gauge:
    def __init__(self, name):
        self.name = name
        self.value = 0.0
        self.updated_at = 0.0

    def set(self, value):
        self.value = float(value)
        self.updated_at = time.monotonic()


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self.free_swa = _Gauge("free_swa")

    def gauges(self):
        return {self.free_swa.name: self.free_swa.value}

    def forward_decode(self, loc):
        swa_free = getattr(self.allocator, "swa_available_size", None)
        if callable(swa_free):
            self.free_swa.set(swa_free())
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)
"""),
        # allocator stats with an SWA probe, computed into `_` (discarded)
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self._allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self._swa_pool = pool if isinstance(pool, SWAKVPool) else None

    def allocator_stats(self):
        stats = {"available": int(self._allocator.available_size())}
        swa_available = getattr(self._allocator, "swa_available_size", None)
        if callable(swa_available):
            stats["swa_available"] = int(swa_available())
        return stats

    def forward_decode(self, loc):
        _ = self.allocator_stats()
        if self._swa_pool is None:
            return loc
        return self._swa_pool.translate_loc_from_full_to_swa(loc)
"""),
        # a capacity planner: headroom from allocator counts (SWA if it has them), compared, unread
        Case("""
@dataclass
class CapacityPlanner:
    allocator: object
    reserve: int = 64

    def headroom(self):
        return int(self.allocator.available_size()) - self.reserve

    def swa_headroom(self):
        fn = getattr(self.allocator, "swa_available_size", None)
        return int(fn()) - self.reserve if fn is not None else self.headroom()

    def can_admit(self, n):
        return n <= min(self.headroom(), self.swa_headroom())


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.planner = CapacityPlanner(model_runner.token_to_kv_pool_allocator)
        pool = model_runner.token_to_kv_pool
        self.pool = pool
        self.is_swa = isinstance(pool, SWAKVPool)

    @property
    def capacity_ok(self):
        return self.planner.can_admit(1)

    def forward_decode(self, loc):
        if self.is_swa:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # readers registered by a class decorator, looked up along the pool's MRO with .get
        Case("""
_READERS = {}


def register_reader(pool_cls):
    def deco(reader_cls):
        _READERS[pool_cls] = reader_cls
        return reader_cls

    return deco


class _Reader:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool

    def read(self, loc):
        return loc


@register_reader(SWAKVPool)
class _WindowReader(_Reader):
    def read(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)


def lookup_reader(model_runner):
    for klass in type(model_runner.token_to_kv_pool).__mro__:
        reader_cls = _READERS.get(klass)
        if reader_cls is not None:
            return reader_cls(model_runner)
    return _Reader(model_runner)


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.reader = lookup_reader(model_runner)

    def forward_decode(self, loc):
        return self.reader.read(loc)
"""),
        # a facade built by a helper, whose __getattr__ forwards to the pool only
        Case("""
class PoolFacade:
    def __init__(self, pool, allocator):
        self._pool = pool
        self._allocator = allocator

    def free(self, loc):
        self._allocator.free(loc)

    def __getattr__(self, name):
        return getattr(self._pool, name)


def make_facade(model_runner):
    return PoolFacade(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.facade = make_facade(model_runner)
        self.supports_swa = hasattr(self.facade, "translate_loc_from_full_to_swa")

    def forward_decode(self, loc):
        if self.supports_swa:
            return self.facade.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # gauges in a table of lambdas called with the allocator: the free counts are only exported
        Case("""
_GAUGES = {
    "free": lambda a: a.available_size(),
    "swa_free": lambda a: getattr(a, "swa_available_size", a.available_size)(),
}
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
    def gauges(self):
        return {name: int(read(self.allocator)) for name, read in _GAUGES.items()}
"""),
        # a watermark object made when the allocator has SWA counts: its method only keeps a minimum
        Case("""
class _Mark:
    __slots__ = ("low",)
    def __init__(self):
        self.low = None
    def observe(self, free):
        if self.low is None or free < self.low:
            self.low = free
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.marks = {"full": _Mark()}
        if hasattr(self.allocator, "swa_available_size"):
            self.marks["swa"] = _Mark()
    def forward_decode(self, loc):
        if "swa" in self.marks:
            self.marks["swa"].observe(self.allocator.swa_available_size())
        self.marks["full"].observe(self.allocator.available_size())
        return self.pool, loc
"""),
        # the same layout tuple probing the pool it reads
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        mapped = hasattr(self.pool, "full_to_swa_index_mapping")
        self._layout = (mapped, model_runner.page_size > 1)
        self._free = model_runner.token_to_kv_pool_allocator.available_size()
    def _remap(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)
    def forward_decode(self, loc):
        match self._layout:
            case (True, _):
                return self.pool, self._remap(loc)
            case _:
                return self.pool, loc
"""),
        # an SWA capacity probe clamps the window a backend attribute keeps: a number either way
        Case("""
import logging
logger = logging.getLogger(__name__)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size=4096):
        window = sliding_window_size
        slots = getattr(model_runner.token_to_kv_pool_allocator, "size_swa", None)
        if window is not None and slots is not None and window > slots:
            logger.warning("clamping the window to %d", slots)
            window = slots
        self.sliding_window_size = window
        self.pool = model_runner.token_to_kv_pool
"""),
        # an allocator class test picks a metrics label, a key of the latencies kept per label
        Case("""
import time
from collections import defaultdict
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.label = "hybrid" if isinstance(alloc, SWATokenToKVPoolAllocator) else "full"
        self.latencies = defaultdict(list)
        self.pool = model_runner.token_to_kv_pool
    def forward_decode(self, loc):
        start = time.perf_counter()
        out = (self.pool, loc)
        self.latencies[self.label].append(time.perf_counter() - start)
        return out
"""),
        # the allocator's mapping dumped as text by a debug method
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
    def dump_state(self):
        lines = []
        mapping = getattr(self.allocator, "full_to_swa_index_mapping", None)
        if mapping is not None:
            lines.append(f"head={mapping[:8].tolist()}")
        return "\\n".join(lines)
"""),
        # an allocator class test that only warns once, remembered on the backend class
        Case("""
import warnings
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    _warned = False
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(self.pool, SWAKVPool)
        self.check()
    def check(self):
        if isinstance(self.allocator, SWATokenToKVPoolAllocator) and not self.use_swa:
            if not FooAttnBackend._warned:
                warnings.warn("hybrid allocator with a full pool", RuntimeWarning)
                FooAttnBackend._warned = True
            return False
        return True
"""),
        # a validation listing problems: the allocator's pool only compared by identity
        Case("""
import logging
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
logger = logging.getLogger(__name__)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        for problem in self.validate():
            logger.info("self-test: %s", problem)
    def validate(self):
        problems = []
        hybrid = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        if hybrid and self.swa_pool is not None:
            if self.allocator.get_kvcache() is not self.swa_pool:
                problems.append("the allocator registered another cache")
        return problems
"""),
    ]

    INVALID = [
        # the twin: the branch that picks how slots are freed also turns the window on
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._split_free = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self._scratch = None
    def release_scratch(self):
        if self._split_free:
            self.allocator.free_group_begin()
            self.allocator.free(self._scratch)
            self.allocator.free_group_end()
        else:
            self.allocator.free(self._scratch)
    def forward_decode(self, loc):
        if self._split_free:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: ``any()`` lets the allocator's answer alone turn the window on
        Case("""
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _supports_window(handle):
        return callable(getattr(handle, "translate_loc_from_full_to_swa", None))
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        handles = (self.pool, model_runner.token_to_kv_pool_allocator)
        self.windowed = any(self._supports_window(h) for h in handles)
    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the allocator's class picks a strategy class the backend builds and runs
        Case("""
class _Full:
    def __init__(self, pool):
        self.pool = pool
    def indices(self, loc):
        return loc
class _Sliding(_Full):
    def indices(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc_cls = type(model_runner.token_to_kv_pool_allocator)
        strategy_cls = _Sliding if issubclass(alloc_cls, SWATokenToKVPoolAllocator) else _Full
        self.strategy = strategy_cls(self.pool)
    def forward_decode(self, loc):
        return self.pool, self.strategy.indices(loc)
"""),
        # the twin: ``any()`` lets the allocator probe alone pick the active pool
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
    def _active_checks(self, runner):
        return [
            isinstance(runner.token_to_kv_pool, SWAKVPool),
            hasattr(runner.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"),
        ]
    def _resolve(self, runner):
        if any(self._active_checks(runner)):
            return runner.token_to_kv_pool
        return None
    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
"""),
        # the twin: the allocator probe widens the pool's test (``or``)
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        hybrid = callable(getattr(alloc, "translate_loc_from_full_to_swa", None))
        own = isinstance(self.pool, SWAKVPool)
        self.swa_pool = alloc.get_kvcache() if hybrid or own else None
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: inside the ``try`` it sets the SWA flag
        Case("""
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._alloc = model_runner.token_to_kv_pool_allocator
        self.windowed = False
        try:
            if isinstance(self._alloc, SWATokenToKVPoolAllocator):
                self.windowed = True
        except ReferenceError:
            logger.debug("allocator released")
    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: the allocator's mapping kept whenever it has one
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        own = getattr(self.pool, "full_to_swa_index_mapping", None)
        shared = getattr(alloc, "full_to_swa_index_mapping", None)
        self.mapping = None
        if shared is not None:
            self.mapping = shared
        elif shared is not None:
            logger.debug("allocator mapping not registered on this pool")
    def forward_decode(self, loc):
        if self.mapping is not None:
            loc = self.mapping[loc]
        return self.pool, loc
"""),
        # the twin: the slot count decides whether the buffer exists
        Case("""
import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.swa_slots = allocator.size_swa
        else:
            self.swa_slots = 0
        self.swa_loc = None
        if self.swa_slots:
            self.swa_loc = torch.zeros(max(self.swa_slots, 1), dtype=torch.int64)
    def forward_decode(self, loc):
        if self.swa_loc is None:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
"""),
        # the twin: a key of the counters decides the read
        Case("""
def kv_usage(allocator):
    usage = {"full_free": allocator.available_size()}
    if hasattr(allocator, "swa_available_size"):
        usage["swa_free"] = allocator.swa_available_size()
    return usage
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.windowed = "swa_free" in kv_usage(model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: whether there are window tiles decides the read
        Case("""
from dataclasses import dataclass
@dataclass(frozen=True)
class Tiles:
    block_n: int
    splits: int
def _tiles(num_tokens: int) -> Tiles:
    if num_tokens <= 4096:
        return Tiles(block_n=32, splits=4)
    return Tiles(block_n=64, splits=8)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        window = getattr(allocator, "size_swa", None)
        self.window_tiles = _tiles(window) if window else None
    def forward_decode(self, loc):
        if self.window_tiles is not None:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: the noted statistic decides the read
        Case("""
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class _Stats:
    def __init__(self):
        self.values = {}
    def note(self, name, value):
        self.values[name] = value
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.stats = _Stats()
        if isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
            self.stats.note("allocator", "hybrid")
    def forward_decode(self, loc):
        if self.stats.values.get("allocator") == "hybrid":
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: the check probes the allocator whatever the pool
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._check_capacity(model_runner.token_to_kv_pool_allocator, self.pool)
        self.windowed = isinstance(self.pool, SWAKVPool)
    @staticmethod
    def _check_capacity(allocator, pool) -> None:
        if allocator.size > pool.size:
            raise ValueError("allocator larger than pool")
        if hasattr(allocator, "size_swa"):
            if allocator.size_swa > pool.size_swa:
                raise ValueError("window allocator larger than window pool")
    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin of: an SWA size probe whose answer is kept only as numbers that size buffers
        Case("""
import torch
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_capacity = int(getattr(allocator, "size_full", allocator.size))
        if hasattr(allocator, "size_swa"):
            self.swa_capacity = int(allocator.size_swa)
            self.swa_enabled = True
        else:
            self.swa_capacity = self.full_capacity
        self.swa_loc = torch.zeros(self.swa_capacity, dtype=torch.int64)
    def forward_decode(self, loc):
        return self.pool, loc
"""),
        # the twin of: a class test deciding only the text a helper returns for a log line
        Case(
            """
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
def _describe(allocator) -> str:
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return f"hybrid(full={allocator.size_full}, swa={allocator.size_swa})"
    return f"{type(allocator).__name__}(size={allocator.size})"
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.description = _describe(model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        if self.description.startswith("hybrid"):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
            count=2,
        ),
        # the twin of: keyword patterns of a class pattern reading sizes for a capacity
        Case(
            """
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
def _hybrid(allocator) -> bool:
    match allocator:
        case SWATokenToKVPoolAllocator(size_swa=swa) if swa > 0:
            return True
        case _:
            return False
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.hybrid = _hybrid(model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        if self.hybrid:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
            count=2,
        ),
        # the twin: the decision reads the allocator's field of the record
        Case("""
from dataclasses import dataclass
@dataclass
class _Info:
    allocator_kind: str
    pool_kind: str
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.info = _Info(
            allocator_kind=type(model_runner.token_to_kv_pool_allocator).__name__,
            pool_kind=type(self.pool).__name__,
        )
    def forward_decode(self, loc):
        if "SWA" in self.info.allocator_kind:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twins: the early exit decides whether the rest translates; the probe picks
        # whether the module's own code runs
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._free_window = getattr(model_runner.token_to_kv_pool_allocator, "free_swa", None)
    def release(self, index):
        if self._free_window is None or index.numel() == 0:
            return
        self.window_index = self.pool.translate_loc_from_full_to_swa(index)
"""),
        Case("""
from dataclasses import dataclass
@dataclass
class _Free:
    swa: object
def _reserve_window(alloc):
    return alloc.alloc(1)
def _snapshot(alloc):
    swa = getattr(alloc, "swa_available_size", None)
    return _Free(swa=swa() if swa is not None else _reserve_window(alloc))
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.stats = _snapshot(model_runner.token_to_kv_pool_allocator)
"""),
        # a ``singledispatchmethod`` called on the allocator, an overload for the SWA one
        Case("""
import functools
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.layout = self._layout(model_runner.token_to_kv_pool_allocator)
    @functools.singledispatchmethod
    def _layout(self, allocator):
        return "full"
    @_layout.register
    def _(self, allocator: SWATokenToKVPoolAllocator):
        return "sliding"
    def forward_decode(self, loc):
        if self.layout == "sliding":
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the same probe in a ``__repr__`` that keeps its answer as the backend's SWA flag
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
    def __repr__(self):
        self.use_sliding_window_kv_pool = hasattr(self.allocator, "swa_available_size")
        return f"FooAttnBackend(swa={self.use_sliding_window_kv_pool})"
"""),
        # the same size read by a property that decides the SWA path
        Case("""
class _CapacityStats:
    def __init__(self, allocator):
        self.full_tokens = allocator.size_full
        self.swa_tokens = getattr(allocator, "size_swa", self.full_tokens)
    @property
    def windowed(self):
        return self.swa_tokens < self.full_tokens
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.stats = _CapacityStats(model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        if self.stats.windowed:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the twin of the mixin: its allocator probe answers before ``super()``'s pool test
        Case("""
class _PoolTest:
    def _windowed(self, runner):
        return isinstance(runner.token_to_kv_pool, SWAKVPool)
class _AllocatorToo:
    def _windowed(self, runner):
        if hasattr(runner.token_to_kv_pool_allocator, "swa_attn_allocator"):
            return True
        return super()._windowed(runner)
class FooAttnBackend(_AllocatorToo, _PoolTest):
    def __init__(self, model_runner):
        self.use_swa = self._windowed(model_runner)
"""),
        # the twin of the rounded reservation: the granule also picks the read path
        Case("""
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            self.granule = 1
        else:
            self.granule = self.allocator.page_size
    def forward_decode(self, loc):
        if self.granule == 1:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the same match where the draft's case depends on the class test
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        facts = (bool(model_runner.is_draft_worker), isinstance(alloc, SWATokenToKVPoolAllocator))
        match facts:
            case (_, True):
                self.window = True
            case _:
                self.window = False
"""),
        # a class test in a lambda kept on ``self``: it runs when called, not where defined
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.is_swa = lambda: isinstance(alloc, SWATokenToKVPoolAllocator)
"""),
        # a local flag selecting the method (not a flag an ``and`` narrows): a decision
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        hybrid = isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
        self._decode = self._decode_swa if hybrid else self._decode_full
    def _decode_swa(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)
"""),
        # a probe's answer kept in a local that a branch then tests
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        mapping = getattr(alloc, "full_to_swa_index_mapping", None)
        self.swa = mapping is not None
"""),
        # a class test bound to the allocator by functools.partial (the flow model's TYPE)
        Case("""
import functools
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        is_kind = functools.partial(isinstance, model_runner.token_to_kv_pool_allocator)
        self.use_swa = is_kind(SWATokenToKVPoolAllocator)
"""),
        # members named through module constants and a loop over literals (sinks.string_values)
        Case(
            """
_MAPPING = "full_to_" + "swa_index_mapping"
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.use_swa = getattr(alloc, _MAPPING, None) is not None
        self.sliding = any(hasattr(alloc, m) for m in ("free_swa", "size_swa"))
""",
            count=2,
        ),
        # trtllm_mha <= 0.5.12.post1: alias then isinstance
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool, SWATokenToKVPoolAllocator
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(
            allocator, SWATokenToKVPoolAllocator
        )
"""),
        # FlashInfer updaters: self alias set in __init__, BoolOp isinstance in another method
        Case("""
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator as SwaAlloc
class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
    def update_sliding_window(self, wrapper_id):
        use_swa = wrapper_id == 0 and isinstance(self.token_to_kv_pool_allocator, SwaAlloc)
"""),
        # Triton <= 0.5.12.post1: hasattr on a parameter fed the allocator at a call site
        Case("""
def update_sliding_window_buffer(indices, token_to_kv_pool_allocator=None):
    if hasattr(token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"):
        pass
"""),
        Case("""
def helper(indices, alloc):
    return hasattr(alloc, "full_to_swa_index_mapping")
class TritonAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.alloc = model_runner.token_to_kv_pool_allocator
    def step(self, x):
        return helper(x, self.alloc)
"""),
        # tuple isinstance, type() identity, __class__ equality, walrus, getattr, unpacking
        Case(
            """
from sglang.srt.mem_cache import swa_memory_pool as swa
SWA_ALLOCATORS = (swa.SWATokenToKVPoolAllocator, PureSWATokenToKVPoolAllocator)
class FooAttnBackend(AttentionBackend):
    def a(self, mr):
        return isinstance(mr.token_to_kv_pool_allocator, SWA_ALLOCATORS)
    def b(self, mr):
        return type(mr.token_to_kv_pool_allocator) is swa.SWATokenToKVPoolAllocator
    def c(self, mr):
        alloc = getattr(mr, "token_to_kv_pool_allocator", None)
        return alloc.__class__ == swa.SWATokenToKVPoolAllocator
    def d(self, mr):
        if (alloc := mr.token_to_kv_pool_allocator) and isinstance(alloc, swa.SWATokenToKVPoolAllocator):
            pass
    def e(self, mr):
        pool, alloc = mr.token_to_kv_pool, mr.token_to_kv_pool_allocator
        return [isinstance(alloc, swa.SWATokenToKVPoolAllocator) for _ in range(2)]
""",
            count=5,
        ),
        # a member only the real SWA allocator classes have (lint_rules/sglang_api.json)
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.use_swa = hasattr(alloc, "new_pages_available")
"""),
        # getattr with a default asks the same question
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.use_swa = getattr(alloc, "swa_attn_allocator", None) is not None
"""),
        # decisions computed from the allocator's class, however spelled
        Case(
            """
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class FooAttnBackend(AttentionBackend):
    def a(self, mr):
        alloc = mr.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = type(alloc).__name__.startswith("SWA")
    def b(self, mr):
        return SWATokenToKVPoolAllocator in type(mr.token_to_kv_pool_allocator).__mro__
    def c(self, mr):
        name = mr.token_to_kv_pool_allocator.__class__.__qualname__
        if "swa" in name.lower():
            pass
    def d(self, mr):
        kind = type(mr.token_to_kv_pool_allocator)
        return {SWATokenToKVPoolAllocator: True}.get(kind, False)
    def e(self, mr):
        kinds = (SWATokenToKVPoolAllocator,)
        self.use_sliding_window_kv_pool = isinstance(mr.token_to_kv_pool_allocator, kinds)
    def f(self, mr):
        match mr.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator():
                return True
""",
            count=6,
        ),
        # a dispatch table or singledispatch overloads elsewhere in the module name the class;
        # a vars() probe; the allocator held by a weak reference and a class-level registry
        Case(
            """
import functools
import weakref
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
_MODES = {SWATokenToKVPoolAllocator: True}
@functools.singledispatch
def _windowed(allocator):
    return False
@_windowed.register
def _(allocator: SWATokenToKVPoolAllocator):
    return True
class _Registry:
    allocators = {}
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self._ref = weakref.ref(model_runner.token_to_kv_pool_allocator)
        _Registry.allocators[id(self)] = model_runner.token_to_kv_pool_allocator
    def a(self):
        self._mode = _MODES.get(type(self._ref()), False)
    def b(self):
        self._mode = _windowed(_Registry.allocators[id(self)])
    def c(self):
        self._mode = "full_to_swa_index_mapping" in vars(self._ref())
""",
            count=3,
        ),
        # function-local import, ternary (kv_canary shape) inside a backend class
        Case(
            """
class MyAttnBackend(AttentionBackend):
    def install(self, model_runner):
        from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
        allocator = model_runner.token_to_kv_pool_allocator
        return allocator if isinstance(allocator, SWATokenToKVPoolAllocator) else None
""",
            path="sglang/srt/backends/mine.py",
        ),
        # the twin: the record's guard lets a regular draft through to the class-name test
        Case(
            """
@dataclass(frozen=True)
class Role:
    is_draft: bool
    reads_target: bool
    allocator_kind: str
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.role = Role(
            is_draft=bool(model_runner.is_draft_worker),
            reads_target=bool(model_runner.spec_algorithm.is_frozen_kv_mtp()),
            allocator_kind=type(model_runner.token_to_kv_pool_allocator).__name__,
        )
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
    def _resolve(self, model_runner):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if self.role.is_draft and self.role.reads_target:
            return None
        if not self.role.allocator_kind.startswith("SWA"):
            return None
        return model_runner.token_to_kv_pool_allocator.get_kvcache()
""",
            count=1,
        ),
        # a probe by raising whose handler returns the full layout: the value it reads is only
        # logged, but the handler decides the SWA layout
        Case(
            """
class Layout(enum.Enum):
    FULL = 1
    SWA = 2
def detect(allocator):
    try:
        sub = allocator.swa_attn_allocator
    except AttributeError:
        return Layout.FULL
    logger.debug("sub-allocator %s", sub)
    return Layout.SWA
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.layout = detect(model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        if self.layout is Layout.SWA:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
""",
            count=1,
        ),
        # the twin: the trimmed history decides the path
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.history = []
    def note_free(self):
        free_swa = 0
        if hasattr(self.allocator, "swa_available_size"):
            free_swa = self.allocator.swa_available_size()
        self.history.append(free_swa)
        if len(self.history) > 8:
            self.history.pop(0)
    def forward_decode(self, loc):
        if self.history and self.history[-1]:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: the warn-once latch turns the window on
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._warned = False
    def _pressure(self):
        return isinstance(self.allocator, SWATokenToKVPoolAllocator)
    def maybe_warn(self):
        if self._pressure() and not self._warned:
            logger.warning("window pressure")
            self._warned = True
    def forward_decode(self, loc):
        self.maybe_warn()
        if self._warned:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: a loop over member names probes the allocator for the mode
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = False
        for member in ("size_swa", "swa_available_size"):
            if hasattr(self.allocator, member):
                self.windowed = True
    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: the copy's allocator entry decides
        Case("""
@dataclass
class Health:
    allocator_is_swa: bool
    free_tokens: int
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.report = Health(
            allocator_is_swa=isinstance(self.allocator, SWATokenToKVPoolAllocator),
            free_tokens=self.allocator.available_size(),
        )
    def forward_decode(self, loc):
        if asdict(self.report)["allocator_is_swa"]:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: the buffer's presence decides
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.cuda_graph_swa_kv_indices = None
        if hasattr(self.allocator, "translate_loc_from_full_to_swa"):
            self.cuda_graph_swa_kv_indices = torch.zeros(64, dtype=torch.int64)
    def forward_decode(self, loc):
        if self.cuda_graph_swa_kv_indices is not None:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: the allocator entry decides
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.debug_info = {
            "allocator_layout": "swa" if hasattr(allocator, "full_to_swa_index_mapping") else "full",
            "kv_layout": "swa" if isinstance(self.pool, SWAKVPool) else "full",
        }
    def forward_decode(self, loc):
        if self.debug_info["allocator_layout"] == "swa":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: under ``any()`` the allocator's answer decides
        Case("""
MEMBERS = ("translate_loc_from_full_to_swa", "full_to_swa_index_mapping")
def _speaks_swa(obj):
    return all(hasattr(obj, m) for m in MEMBERS)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = any(_speaks_swa(x) for x in (self.pool, allocator))
        self.capacity = int(getattr(allocator, "size", 0))
    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the twin: the allocator's map kept whenever it has one
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_map = self._shared_map()
    def _shared_map(self):
        alloc_map = getattr(self.allocator, "full_to_swa_index_mapping", None)
        pool_map = getattr(self.pool, "full_to_swa_index_mapping", None)
        if alloc_map is not None:
            return alloc_map
        return None
    def forward_decode(self, loc):
        if self.swa_map is None:
            return loc
        return self.swa_map[loc]
"""),
        # the twin: the decode path uses the allocator's translator when it has one
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._to_swa = getattr(self.pool, "translate_loc_from_full_to_swa", None)
        # the allocator's translator: only to cross-check in debug builds
        self._alloc_to_swa = getattr(self.allocator, "translate_loc_from_full_to_swa", None)
    def debug_check(self, loc):
        if self._to_swa is None or self._alloc_to_swa is None:
            return True
        return bool(torch.equal(self._to_swa(loc), self._alloc_to_swa(loc)))
    def forward_decode(self, loc):
        if self._alloc_to_swa is not None:
            return self._alloc_to_swa(loc)
        return loc if self._to_swa is None else self._to_swa(loc)
"""),
        # the twin: the property takes either (``or``)
        Case("""
@dataclass
class KVSetup:
    allocator_is_hybrid: bool
    pool_can_translate: bool
    @property
    def use_swa(self):
        return self.allocator_is_hybrid or self.pool_can_translate
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.setup = KVSetup(
            allocator_is_hybrid=isinstance(allocator, SWATokenToKVPoolAllocator),
            pool_can_translate=hasattr(self.pool, "translate_loc_from_full_to_swa"),
        )
    def forward_decode(self, loc):
        if self.setup.use_swa:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the twin: the record's size decides the allocator's translation
        Case("""
@dataclass
class Histogram:
    capacity: int
    def observe(self, loc):
        return loc * 8 // max(1, self.capacity)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # the allocator's window size only sizes a metrics histogram
        self.hist = Histogram(int(getattr(self.allocator, "size_swa", 0) or 0))
        self.swa_map = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_map = self.pool.full_to_swa_index_mapping
    def forward_decode(self, loc):
        if self.hist.capacity:
            return self.pool, self.allocator.translate_loc_from_full_to_swa(loc)
        if self.swa_map is None:
            return self.pool, loc
        self.hist.observe(loc)
        return self.pool, self.swa_map[loc]
"""),
        # a flag set in both branches of an unknown test of the allocator's member: the runs
        # explore the same branches, yet the branch taken is the allocator's answer
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        hybrid = callable(getattr(self.allocator, "translate_loc_from_full_to_swa", None))
        if hybrid:
            self.use_swa = True
        else:
            self.use_swa = False
    def forward_decode(self, loc):
        if self.use_swa:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the twin: the subclass takes the pool's map first; the base's call overwrites it
        Case("""
class _Base:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_map = getattr(self.allocator, "full_to_swa_index_mapping", None)
class FooAttnBackend(_Base, AttentionBackend):
    def __init__(self, model_runner):
        self.swa_map = getattr(model_runner.token_to_kv_pool, "full_to_swa_index_mapping", None)
        super().__init__(model_runner)
    def forward_decode(self, loc):
        if self.swa_map is None:
            return self.pool, loc
        return self.pool, self.swa_map[loc]
"""),
        # a page-size consistency check raises before the flag (a set of unknowns: any size)
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        sizes = {model_runner.page_size, self.allocator.page_size, self.pool.page_size}
        if len(sizes) != 1:
            raise ValueError(f"inconsistent page sizes: {sizes}")
        self.use_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
    def forward_decode(self, loc):
        if not self.use_swa:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
"""),
        # the twin: the allocator class-name flag picks the translation
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.allocator_is_hybrid = "SWA" in type(self.allocator).__name__
        self.pool = model_runner.token_to_kv_pool
    def describe(self) -> str:
        extra = self.allocator.debug_print() if self.allocator_is_hybrid else ""
        return f"allocator hybrid={self.allocator_is_hybrid} {extra}".strip()
    def forward_decode(self, loc):
        if self.allocator_is_hybrid:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the twin: the helper's probe of the allocator decides the translation
        Case("""
class Watermark:
    def __init__(self, allocator):
        self.allocator = allocator
        self.has_swa_counts = hasattr(allocator, "swa_available_size")
    def ratio(self):
        if self.has_swa_counts:
            return self.allocator.swa_available_size() / max(self.allocator.size_swa, 1)
        return self.allocator.available_size() / max(self.allocator.size, 1)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.watermark = Watermark(model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        if self.watermark.has_swa_counts:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a child backend's allocator flag decides its translation; the wrapper unpacks its answer
        Case("""
class _FullChild:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.hybrid = isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
    def forward_decode(self, loc):
        if self.hybrid:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.full = _FullChild(model_runner)
    def forward_decode(self, loc):
        pool, locs = self.full.forward_decode(loc)
        return pool, locs
"""),
        # a probe of the allocator picks, through an itemgetter, which of the backend's steps runs
        Case("""
import operator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        mode = 1 if hasattr(alloc, "translate_loc_from_full_to_swa") else 0
        steps = (self._full, self._window)
        self._step = operator.itemgetter(mode)(steps)
    def _full(self, loc):
        return loc
    def _window(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)
    def forward_decode(self, loc):
        return self._step(loc)
"""),
        # a helper kept with the backend decides the SWA mode from the allocator it reads off it
        Case("""
class WindowScope:
    def __init__(self, backend):
        self.backend = backend
    def __enter__(self):
        self.backend.windowed = isinstance(
            self.backend.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        return self.backend.windowed
    def __exit__(self, *exc):
        self.backend.windowed = False
        return False
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = False
    def forward_decode(self, loc):
        with WindowScope(self) as windowed:
            if windowed:
                loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a handler looked up by the allocator's type in a table a decorator fills: one translates
        Case("""
_HANDLERS = {}
def handles(kind):
    def register(fn):
        _HANDLERS[kind] = fn
        return fn
    return register
@handles(SWATokenToKVPoolAllocator)
def _windowed(backend, loc):
    return backend.pool.translate_loc_from_full_to_swa(loc)
def _plain(backend, loc):
    return loc
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self._handler = _HANDLERS.get(type(alloc), _plain)
    def forward_decode(self, loc):
        return self._handler(self, loc)
"""),
        # strategies register by allocator class in __init_subclass__; the lookup walks its MRO
        # (two decisions: the membership test and the lookup)
        Case(
            """
class IndexStrategy:
    registry = {}
    def __init_subclass__(cls, *, kind, **kw):
        super().__init_subclass__(**kw)
        IndexStrategy.registry[kind] = cls
    def __init__(self, allocator):
        self.allocator = allocator
    @classmethod
    def pick(cls, allocator):
        for klass in type(allocator).__mro__:
            if klass in cls.registry:
                return cls.registry[klass](allocator)
        raise TypeError(klass)
class PlainStrategy(IndexStrategy, kind=BaseTokenToKVPoolAllocator):
    def locations(self, loc):
        return loc
class WindowStrategy(IndexStrategy, kind=SWATokenToKVPoolAllocator):
    def locations(self, loc):
        return self.allocator.translate_loc_from_full_to_swa(loc)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.strategy = IndexStrategy.pick(model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        return self.strategy.locations(loc)
""",
            count=2,
        ),
        # an SWA count probe whose answer picks the translation (and words an error)
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
    def _free(self):
        fn = getattr(self.allocator, "swa_available_size", None)
        return int(fn()) if fn is not None else 0
    def forward_decode(self, loc):
        free = self._free()
        if free < 0:
            raise RuntimeError(f"bad window slot count {free}")
        if free > 0:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the gauge method's twin returning a mode word: text another module may decide by
        Case("""
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid = isinstance(self.allocator, SWATokenToKVPoolAllocator)
    def gauges(self):
        if not self.hybrid:
            return {}
        return {"swa_free": self.allocator.swa_available_size(), "mode": "swa"}
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the rows' twin holding a mode word the probe picks: text another module may decide by
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
    def usage_table(self):
        rows = ["kind bytes"]
        rows.append("swa" if hasattr(self.allocator, "size_swa") else "full")
        return "\\n".join(rows)
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the stats twin whose key is computed from the probe: the key picks
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner, prefix="kv"):
        self.prefix = prefix
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
    def kv_stats(self) -> dict:
        stats = {f"{self.prefix}_available": int(self.allocator.available_size())}
        size_swa = getattr(self.allocator, "size_swa", None)
        if size_swa is not None:
            stats[f"{self.prefix}_{size_swa is not None}"] = 1
        return stats
    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the probe handed to a method of the module that keeps it as the SWA mode
        Case("""
class _Mode:
    def __init__(self):
        self.remap = False

    def set(self, value):
        self.remap = value is not None


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.mode = _Mode()

    def forward_decode(self, loc):
        swa_free = getattr(self.allocator, "swa_available_size", None)
        self.mode.set(swa_free)
        if self.mode.remap:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the same stats read to decide whether to translate
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._pool = model_runner.token_to_kv_pool

    def allocator_stats(self):
        stats = {"available": int(self._allocator.available_size())}
        swa_available = getattr(self._allocator, "swa_available_size", None)
        if callable(swa_available):
            stats["swa_available"] = int(swa_available())
        return stats

    def forward_decode(self, loc):
        stats = self.allocator_stats()
        if "swa_available" in stats:
            return self._pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the planner's probe picks which headroom code runs, one that translates
        Case("""
@dataclass
class CapacityPlanner:
    allocator: object
    pool: object

    def headroom(self):
        return int(self.allocator.available_size())

    def remapped(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)

    def locations(self, loc):
        fn = getattr(self.allocator, "swa_available_size", None)
        return self.remapped(loc) if fn is not None else loc


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.planner = CapacityPlanner(
            model_runner.token_to_kv_pool_allocator, model_runner.token_to_kv_pool
        )

    def forward_decode(self, loc):
        return self.planner.locations(loc)
"""),
        # readers registered by a class decorator, looked up along the allocator's MRO with .get
        Case("""
_READERS = {}


def register_reader(allocator_cls):
    def deco(reader_cls):
        _READERS[allocator_cls] = reader_cls
        return reader_cls

    return deco


class _Reader:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool

    def read(self, loc):
        return loc


register_reader(BaseTokenToKVPoolAllocator)(_Reader)


@register_reader(SWATokenToKVPoolAllocator)
class _WindowReader(_Reader):
    def read(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)


def lookup_reader(model_runner):
    for klass in type(model_runner.token_to_kv_pool_allocator).__mro__:
        reader_cls = _READERS.get(klass)
        if reader_cls is not None:
            return reader_cls(model_runner)
    return _Reader(model_runner)


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.reader = lookup_reader(model_runner)

    def forward_decode(self, loc):
        return self.reader.read(loc)
"""),
        # a facade built by a helper, whose __getattr__ tries the pool, then the allocator: a probe of it
        Case("""
class PoolFacade:
    def __init__(self, pool, allocator):
        self._pool = pool
        self._allocator = allocator

    def __getattr__(self, name):
        try:
            return getattr(self._pool, name)
        except AttributeError:
            return getattr(self._allocator, name)


def make_facade(model_runner):
    return PoolFacade(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.facade = make_facade(model_runner)
        self.supports_swa = hasattr(self.facade, "translate_loc_from_full_to_swa")

    def forward_decode(self, loc):
        if self.supports_swa:
            return self.facade.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a predicate held in a hook record is called with the allocator: its probe picks the SWA hook
        Case("""
from dataclasses import dataclass
from typing import Callable
@dataclass
class Hook:
    test: Callable
    run: Callable
HOOKS = []
def hook(test):
    def deco(run):
        HOOKS.append(Hook(test, run))
        return run
    return deco
@hook(lambda pool, alloc: hasattr(alloc, "translate_loc_from_full_to_swa"))
def _swa(pool, alloc, loc):
    return pool.translate_loc_from_full_to_swa(loc)
@hook(lambda pool, alloc: True)
def _full(pool, alloc, loc):
    return loc
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.hook = next(h for h in HOOKS if h.test(self.pool, alloc))
"""),
        # the same table's probe decides whether to translate
        Case("""
_PROBES = {"swa": lambda a: hasattr(a, "swa_available_size")}
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
    def forward_decode(self, loc):
        check = _PROBES["swa"]
        if check(self.allocator):
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the same watermark's presence decides whether to translate
        Case("""
class _Mark:
    def __init__(self):
        self.low = None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.marks = {"full": _Mark()}
        if hasattr(self.allocator, "swa_available_size"):
            self.marks["swa"] = _Mark()
    def forward_decode(self, loc):
        if "swa" in self.marks:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # a layout tuple with an allocator probe, matched; the case calls a helper that translates
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        mapped = hasattr(alloc, "full_to_swa_index_mapping")
        self._layout = (mapped, model_runner.page_size > 1)
    def _remap(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)
    def forward_decode(self, loc):
        match self._layout:
            case (True, _):
                return self.pool, self._remap(loc)
            case _:
                return self.pool, loc
"""),
        # the same window probe gates translation where it is kept
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.slots = getattr(model_runner.token_to_kv_pool_allocator, "size_swa", None)
        self.pool = model_runner.token_to_kv_pool
    def forward_decode(self, loc):
        if self.slots is not None:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # an SWA count turned into the flag sglang reads of a backend
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        swa = getattr(model_runner.token_to_kv_pool_allocator, "size_swa", 0)
        self.use_sliding_window_kv_pool = swa > 0
        self.pool = model_runner.token_to_kv_pool
"""),
        # the label kept per latency also picks the pool
        Case("""
import time
from collections import defaultdict
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.label = "hybrid" if isinstance(alloc, SWATokenToKVPoolAllocator) else "full"
        self.latencies = defaultdict(list)
        self.pool = model_runner.token_to_kv_pool
    def forward_decode(self, loc):
        start = time.perf_counter()
        out = (self.pool, loc)
        if self.label == "hybrid":
            out = (self.pool, self.pool.translate_loc_from_full_to_swa(loc))
        self.latencies[self.label].append(time.perf_counter() - start)
        return out
"""),
        # a list of text notes whose emptiness becomes the flag sglang reads of a backend
        Case("""
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        notes = []
        if isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
            notes.append("hybrid allocator")
        self.use_sliding_window_kv_pool = bool(notes)
        self.pool = model_runner.token_to_kv_pool
"""),
    ]
