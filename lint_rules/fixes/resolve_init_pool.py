"""Fix: the trtllm ``__init__`` shape -> a FROZEN_KV-aware ``_resolve_swa_kv_pool``.

Shape (the flag statement, directly in a backend class's ``__init__``, and the pool statement
right after it, if any)::

    allocator = model_runner.token_to_kv_pool_allocator            # optional alias
    self.flag = isinstance(allocator, SWATokenToKVPoolAllocator)
    self.pool[: T] = allocator.get_kvcache() if self.flag else None   # or = allocator.get_kvcache()
                                                                      # (or allocator._kvcache)

Rewrite (target with FROZEN_KV MTP, or unknown: the version-tolerant resolver)::

    self.pool[: T] = self._resolve_swa_kv_pool(model_runner)
    self.flag = self.pool is not None

plus the ``_resolve_swa_kv_pool`` static method after ``__init__`` (text from
:mod:`.resolver_template`); older targets get ``kv_pool = model_runner.token_to_kv_pool`` and
``self.pool = kv_pool if isinstance(kv_pool, SWAKVPool) else None`` instead. The alias goes
when nothing else reads it; ``SWAKVPool`` is imported when not bound at run time; allocator
class imports left unused are dropped.

Preconditions (else the finding is reported unfixable, with the reason): the class is backend
code by the scope settings (not only by the ``all-code`` audit); the allocator comes from a
model-runner value (the ``__init__`` parameter, or an attribute proven to hold it); the target
sglang defines ``SWAKVPool`` where the import names it; the import can be placed isort-clean.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from ..cstnodes import call_func_name, positional_args
from ..names import ALLOCATOR_ATTR, KVCACHE_FIELDS
from .base import Edit, FixTransform, Offer, Unfixable, fmt_assign, line_width, source_of
from .imports import add_from_import
from .preconditions import (
    backend_class,
    bound_anywhere,
    has_future_annotations,
    model_runner_value,
    runtime_bindings,
)
from .resolver_template import RESOLVER_NAME, resolver_source


def single_assign(stmt):
    """(target, value, annotation) of a one-target assignment statement, else None."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return small.targets[0].target, small.value, None
    if isinstance(small, cst.AnnAssign) and small.value is not None:
        return small.target, small.value, small.annotation
    return None


def self_attr(node, self_name) -> Optional[str]:
    if (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == self_name
    ):
        return node.attr.value
    return None


def _is_isinstance(node) -> bool:
    return (
        isinstance(node, cst.Call)
        and call_func_name(node) == "isinstance"
        and len(positional_args(node)) == 2
    )


def _kvcache_of(node) -> Optional[cst.BaseExpression]:
    """``x`` for ``x.get_kvcache()`` and for ``x._kvcache`` (the field it returns)."""
    if (
        isinstance(node, cst.Call)
        and not node.args
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "get_kvcache"
    ):
        return node.func.value
    if isinstance(node, cst.Attribute) and node.attr.value in KVCACHE_FIELDS:
        return node.value
    return None


def _class_names(expr) -> set[str]:
    if isinstance(expr, cst.Name):
        return {expr.value}
    if isinstance(expr, (cst.Tuple, cst.List)):
        return {el.value.value for el in expr.elements if isinstance(el.value, cst.Name)}
    return set()


class ResolveInitPool(FixTransform):
    name = "resolve-init-pool"
    message = (
        "Resolve the SWA pool from the active pool (FROZEN_KV-aware) and derive the flag from it"
    )

    @classmethod
    def plan(cls, finding, ctx):
        fn = finding.function
        if fn is None or fn.name != "__init__" or fn.cls is None or not fn.self_name:
            return None
        if not isinstance(fn.node.body, cst.IndentedBlock):
            return None
        body = list(fn.node.body.body)
        stmt = finding.statement
        if stmt not in body:
            return None
        i = body.index(stmt)
        parts = single_assign(stmt)
        if parts and parts[1] is finding.node and _is_isinstance(finding.node):
            flag_i = i
        elif (
            i > 0
            and _kvcache_of(finding.node) is not None
            and _pool_parts(body[i], body[i - 1], fn, finding.node)
        ):
            flag_i = i - 1
        else:
            return None
        key = f"{cls.name}:{fn.qualname}:{flag_i}"
        known = ctx.offers.get(key)
        if known is not None:
            return known
        result = ctx.offers[key] = cls._plan_flag(ctx, fn, body, flag_i, key)
        return result

    @classmethod
    def _plan_flag(cls, ctx, fn, body, flag_i, key):
        analysis = ctx.analysis
        flag_stmt = body[flag_i]
        target, value, _ = single_assign(flag_stmt)
        s = fn.self_name
        flag_attr = self_attr(target, s)
        if flag_attr is None or not _is_isinstance(value):
            return Unfixable("the SWA flag is not a `self.<attr> = isinstance(...)` statement")
        subject, probe = positional_args(value)
        if not analysis.is_swa_allocator_class(probe):
            return Unfixable("the isinstance probe is not an SWA allocator class")
        reason = backend_class(analysis, fn.cls)
        if reason:
            return Unfixable(reason)
        found = _runner_of(fn, body, subject)
        if found is None:
            return Unfixable(
                f"`{source_of(subject)}` does not come from `<model runner>.{ALLOCATOR_ATTR}` in this `__init__`"
            )
        runner, alias_stmt = found
        reason = model_runner_value(analysis, fn, runner, ctx.tree)
        if reason:
            return Unfixable(reason)
        pool_stmt = body[flag_i + 1] if flag_i + 1 < len(body) else None
        pool = _pool_parts(pool_stmt, flag_stmt, fn, None) if pool_stmt is not None else None
        if pool is None:
            pool_stmt = None
        if pool is None:
            pool_stmt = None
            pool_attr, annotation = "_swa_kv_pool", None
            if re.search(r"\b_swa_kv_pool\b", ctx.text):
                return Unfixable("the class already uses `_swa_kv_pool` outside this shape")
        else:
            pool_attr, annotation = pool
        tree = ctx.tree
        if tree is None:
            return Unfixable("the module does not parse with ast")
        target = ctx.target
        # Every target gets the resolver: its draft-worker test uses only what the target
        # version's objects have (resolver_template / sglang_api.resolver_plan).
        add_resolver = RESOLVER_NAME not in fn.cls.methods
        edits: list[Edit] = []
        bindings = runtime_bindings(tree)
        pool_name = next(
            (local for local, (_, orig) in bindings.items() if orig == "SWAKVPool"), None
        )
        if pool_name is None and add_resolver:
            module = target.swa_pool_module
            if target.provides(module, "SWAKVPool") is False:
                return Unfixable(
                    f"`{module}` of the target sglang ({target.describe()}) has no `SWAKVPool`"
                )
            if "SWAKVPool" in bindings or (
                bound_anywhere(tree, "SWAKVPool") and "SWAKVPool" not in _imported_anywhere(tree)
            ):
                return Unfixable("the name `SWAKVPool` is taken by something else in this module")
            alias_gone = alias_stmt is not None and _alias_dead(
                ctx, body, alias_stmt, {flag_stmt, pool_stmt}
            )
            gone = [
                st
                for st in (flag_stmt, pool_stmt, alias_stmt if alias_gone else None)
                if st is not None
            ]
            edit = add_from_import(
                ctx.text,
                tree,
                module,
                "SWAKVPool",
                ctx.line_length,
                _unused_after(ctx, tree, _class_names(probe), gone),
            )
            if isinstance(edit, str):
                return Unfixable(edit)
            edits.append(edit)
            pool_name = "SWAKVPool"
        # the statements: flag -> new lines; pool and (dead) alias -> removed
        flag_lines = ctx.whole_lines(flag_stmt)
        if flag_lines is None:
            return Unfixable("the SWA flag statement shares its line with other code")
        start, end, indent = flag_lines
        nl = ctx.newline()
        width = line_width(indent)
        ann = f": {source_of(annotation.annotation)}" if annotation is not None else ""
        runner_src = source_of(runner)
        lines: list[str] = []
        lines += fmt_assign(
            width,
            f"{s}.{pool_attr}{ann} = ",
            f"{s}.{RESOLVER_NAME}",
            runner_src,
            ctx.line_length,
        )
        lines.append(f"{s}.{flag_attr} = {s}.{pool_attr} is not None")
        unit = ctx.indent_unit()
        new_text = "".join(indent + _reindent(line, unit) + nl for line in lines)
        drop = [pool_stmt]
        if alias_stmt is not None and _alias_dead(ctx, body, alias_stmt, {flag_stmt, pool_stmt}):
            drop.append(alias_stmt)
        edits.append(Edit(start, end, new_text))
        for old in drop:
            if old is None:
                continue
            span = ctx.whole_lines(old)
            if span is None:
                return Unfixable("a statement the fix removes shares its line with other code")
            edits.append(Edit(span[0], span[1], ""))
        if add_resolver:
            optional = "Optional" in bindings or (
                has_future_annotations(tree) and bound_anywhere(tree, "Optional")
            )
            source = resolver_source(pool_name, optional, target.version)
            def_row, def_col, end_row, _ = ctx.state.span(fn.node)
            class_indent = ctx.line_text(def_row)[:def_col]
            method = "".join(
                (class_indent + _reindent(line, unit) if line.strip() else "") + nl
                for line in source.splitlines()
            )
            at = ctx.offset(end_row, 0) + len(ctx.line_text(end_row))
            following = ctx.line_text(end_row + 1) if end_row < len(ctx.line_starts()) else ""
            text = nl + method + (nl if following.strip() else "")
            edits.append(Edit(at, at, text))
        offer = Offer(key, cls.message, edits)
        offer.maybe_unused |= _class_names(probe)
        return offer


def _reindent(line: str, unit: str) -> str:
    """Template lines are indented by 4 spaces per level: use the module's unit."""
    stripped = line.lstrip(" ")
    return unit * ((len(line) - len(stripped)) // 4) + stripped


def _imported_anywhere(tree) -> set[str]:
    import ast

    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out.update(a.asname or a.name for a in node.names if a.name == "SWAKVPool")
    return out


def _pool_parts(pool_stmt, flag_stmt, fn, node) -> Optional[tuple]:
    """(pool attr, annotation) when ``pool_stmt`` is ``self.P[: T] = <alloc>.get_kvcache() if
    self.F else None`` (or ``= <alloc>.get_kvcache()``) for the flag statement's ``self.F`` and
    allocator; ``node``, when given, must be its ``get_kvcache()`` call."""
    parts, flag = single_assign(pool_stmt), single_assign(flag_stmt)
    if not parts or not flag or not _is_isinstance(flag[1]):
        return None
    s = fn.self_name
    target, value, annotation = parts
    attr, flag_attr = self_attr(target, s), self_attr(flag[0], s)
    if attr is None or flag_attr is None:
        return None
    call = value
    if isinstance(value, cst.IfExp):
        if not (
            self_attr(value.test, s) == flag_attr
            and isinstance(value.orelse, cst.Name)
            and value.orelse.value == "None"
        ):
            return None
        call = value.body
    alloc = _kvcache_of(call)
    if alloc is None or (node is not None and call is not node):
        return None
    if source_of(alloc) != source_of(positional_args(flag[1])[0]):
        return None
    return attr, annotation


def _runner_of(fn, body, alloc_expr):
    """(model runner expression, alias statement or None) behind an allocator expression."""
    if isinstance(alloc_expr, cst.Attribute) and alloc_expr.attr.value == ALLOCATOR_ATTR:
        return alloc_expr.value, None
    if isinstance(alloc_expr, cst.Name):
        sources = [
            v for t, v in fn.assigns if isinstance(t, cst.Name) and t.value == alloc_expr.value
        ]
        if (
            len(sources) == 1
            and isinstance(sources[0], cst.Attribute)
            and sources[0].attr.value == ALLOCATOR_ATTR
        ):
            for stmt in body:
                parts = single_assign(stmt)
                if parts and parts[1] is sources[0]:
                    return sources[0].value, stmt
    return None


def _unused_after(ctx, tree, names, gone) -> frozenset:
    """Names whose only uses left, once the ``gone`` statements are rewritten, are their
    top-level import."""
    import ast as _ast

    from .imports import _code_words

    out = set()
    for name in names:
        word = re.compile(rf"\b{re.escape(name)}\b")
        rows = set()
        for stmt in tree.body:
            if isinstance(stmt, (_ast.Import, _ast.ImportFrom)) and any(
                (a.asname or a.name) == name for a in stmt.names
            ):
                rows.update(range(stmt.lineno, stmt.end_lineno + 1))
        in_gone = sum(
            len(word.findall(ctx.text[a:b])) for a, b in (_offsets(ctx, st) for st in gone)
        )
        if _code_words(ctx.text, word) - in_gone == _code_words(ctx.text, word, rows):
            out.add(name)
    return frozenset(out)


def _offsets(ctx, node) -> tuple[int, int]:
    row, col, end_row, end_col = ctx.state.span(node)
    return ctx.offset(row, col), ctx.offset(end_row, end_col)


def _alias_dead(ctx, body, alias_stmt, rewritten) -> bool:
    """Nothing but the rewritten statements reads the alias (the word, in the other
    statements' text)."""
    name = single_assign(alias_stmt)[0]
    if not isinstance(name, cst.Name):
        return False
    for stmt in body:
        if stmt is alias_stmt or stmt in rewritten:
            continue
        if ctx.words_between(*_offsets(ctx, stmt), name.value):
            return False
    return True
