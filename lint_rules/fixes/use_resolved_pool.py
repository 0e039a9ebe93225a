"""Fix: an allocator SWA probe or translation -> the class's resolved SWA pool.

In a class that already holds a resolved SWA pool (``self.R`` assigned from
``..._resolve_swa_kv_pool(...)`` or from ``<backend>._swa_kv_pool``, in any method of the class
or of an in-module base: the FlashInfer updater shape of sglang >= 0.5.14)::

    isinstance(alloc, SWATokenToKVPoolAllocator)    ->  self.R is not None
    alloc.translate_loc_from_full_to_swa(...)        ->  self.R.translate_loc_from_full_to_swa(...)
    alloc.full_to_swa_index_mapping                  ->  self.R.full_to_swa_index_mapping

Preconditions: the class is backend code by the scope settings (not only by ``all-code``); the
finding is inside one of its methods (``self`` at hand); the class holds a resolved pool.
"""

from __future__ import annotations

import ast
import re
from typing import Optional

import libcst as cst

from ..cstnodes import call_func_name, positional_args
from ..names import SWA_TRANSLATE_MEMBERS
from .base import Edit, FixTransform, Offer, Unfixable, line_width
from .preconditions import backend_class, class_node

_SAFE_BEFORE = re.compile(
    r"(?:^|(?<![=<>!])=|[(\[,:{]|\b(?:and|or|return|if|elif|while|assert|else))\s*$"
)
_SAFE_AFTER = re.compile(r"^\s*(?:$|[)\]},:#;]|(?:and|or|if|else|for)\b)")


class UseResolvedPool(FixTransform):
    name = "use-resolved-pool"
    message = "Use the class's resolved SWA pool instead of the allocator"

    @classmethod
    def plan(cls, finding, ctx):
        node = finding.node
        fn = finding.function
        analysis = ctx.analysis
        if isinstance(node, cst.Call) and call_func_name(node) == "isinstance":
            args = positional_args(node)
            if len(args) != 2 or not analysis.is_swa_allocator_class(args[1]):
                return None
            kind = "probe"
        elif isinstance(node, cst.Attribute) and node.attr.value in SWA_TRANSLATE_MEMBERS:
            kind = "translate"
        else:
            return None
        if fn is None or fn.cls is None or not fn.self_name:
            return None
        reason = backend_class(analysis, fn.cls)
        if reason:
            return Unfixable(reason)
        attr = resolved_pool_attr(ctx.tree, fn.cls.qualname)
        if attr is None:
            return Unfixable(
                f"`{fn.cls.name}` holds no resolved SWA pool yet (`self.<attr> = ...{'_resolve_swa_kv_pool'}(...)` "
                "or `= <backend>._swa_kv_pool`): resolve it first"
            )
        s = fn.self_name
        row = ctx.state.span(node)[0]
        late = _assigned_after(ctx.tree, row, s, attr)
        if late is not None:
            return Unfixable(
                f"`{s}.{attr}` is assigned only at line {late}, after this use in the same method"
            )
        key = f"{cls.name}:{':'.join(map(str, ctx.state.span(node)))}"  # (by place: stable)
        if kind == "probe":
            row, col, end_row, end_col = ctx.state.span(node)
            start, end = ctx.offset(row, col), ctx.offset(end_row, end_col)
            new = f"{s}.{attr} is not None"
            before = ctx.text[ctx.offset(row, 0) : start]
            after = ctx.text[end : ctx.offset(end_row, 0) + len(ctx.line_text(end_row))]
            if before.rstrip().endswith("not") or not (
                _SAFE_BEFORE.search(before) and _SAFE_AFTER.match(after)
            ):
                new = f"({new})"
            edit = _joined(ctx, finding.statement, Edit(start, end, new))
            if _repeats_a_neighbour(ctx, finding.statement, edit):
                return Unfixable("the rewritten statement would repeat the one next to it")
            offer = Offer(key, cls.message, [edit])
            offer.maybe_unused |= {a.value for a in _names(positional_args(node)[1])}
            return offer
        row, col, end_row, end_col = ctx.state.span(node.value)
        edit = Edit(ctx.offset(row, col), ctx.offset(end_row, end_col), f"{s}.{attr}")
        return Offer(key, cls.message, [_joined(ctx, finding.statement, edit)])


def _assigned_after(tree, row: int, self_name: str, attr: str) -> Optional[int]:
    """The line of the first ``self.<attr> = ...`` of the innermost function holding ``row``,
    when that function assigns it only after ``row`` (the rewritten use would read it unset)."""
    if tree is None:
        return None
    inner = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.lineno <= row <= (node.end_lineno or node.lineno):
                if inner is None or node.lineno >= inner.lineno:
                    inner = node
    if inner is None:
        return None
    stores = [
        n.lineno
        for n in ast.walk(inner)
        if isinstance(n, (ast.Assign, ast.AnnAssign))
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        if isinstance(t, ast.Attribute)
        and t.attr == attr
        and isinstance(t.value, ast.Name)
        and t.value.id == self_name
    ]
    if stores and min(stores) > row:
        return min(stores)
    return None


def _repeats_a_neighbour(ctx, statement, edit: Edit) -> bool:
    """The statement, once edited, equals the statement before or after it (same body)."""
    lines = ctx.whole_lines(statement) if statement is not None else None
    tree = ctx.tree
    if lines is None or tree is None:
        return False
    start, end, _ = lines
    if not (start <= edit.start and edit.end <= end):
        return False
    new = " ".join((ctx.text[start : edit.start] + edit.new + ctx.text[edit.end : end]).split())
    row = ctx.state.span(statement)[0]
    stack = [tree]
    while stack:
        node = stack.pop()
        for body in _stmt_bodies(node):
            for i, stmt in enumerate(body):
                if stmt.lineno == row:
                    for j in (i - 1, i + 1):
                        if 0 <= j < len(body):
                            other = body[j]
                            a = ctx.offset(other.lineno, 0)
                            b = ctx.offset(other.end_lineno, 0) + len(
                                ctx.line_text(other.end_lineno)
                            )
                            if " ".join(ctx.text[a:b].split()) == new:
                                return True
                    return False
                if stmt.lineno <= row <= (stmt.end_lineno or stmt.lineno):
                    stack.append(stmt)
    return False


def _stmt_bodies(node):
    for name in ("body", "orelse", "finalbody"):
        body = getattr(node, name, None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            yield body
    for handler in getattr(node, "handlers", []):
        yield handler.body


def _joined(ctx, statement, edit: Edit) -> Edit:
    """The edit, or the whole statement as black would lay it out: joined on one line when it
    fits, else (a plain ``target = value`` that the edit left on one line too long) with the
    value in black's parentheses (black-stable output)."""
    from .safety import join_lines

    lines = ctx.whole_lines(statement) if statement is not None else None
    if lines is None:
        return edit
    start, end, indent = lines
    if not (start <= edit.start and edit.end <= end):
        return edit
    text = ctx.text[start : edit.start] + edit.new + ctx.text[edit.end : end]
    if text.count("\n") <= 1 and line_width(text.rstrip("\r\n")) <= ctx.line_length:
        return edit
    joined = join_lines(text)
    if joined is None:
        return edit
    joined = joined.rstrip("\r\n")
    if line_width(joined) <= ctx.line_length:
        return Edit(start, end, joined + ctx.newline())
    wrapped = _wrapped_assignment(ctx, statement, joined, indent)
    return Edit(start, end, wrapped) if wrapped is not None else edit


def _wrapped_assignment(ctx, statement, joined: str, indent: str) -> Optional[str]:
    """``target = (`` / value / ``)`` for a one-target assignment whose value does not end in a
    bracket (black splits such a value at that bracket), when each line fits."""
    if not (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Assign)
        and len(statement.body[0].targets) == 1
    ):
        return None
    head, sep, body = joined.strip().partition(" = ")
    if not sep or "=" in head or body.startswith("(") or body.endswith((")", "]", "}")):
        return None
    nl, unit = ctx.newline(), ctx.indent_unit()
    out = [f"{indent}{head} = (", f"{indent}{unit}{body}", f"{indent})"]
    if any(line_width(x) > ctx.line_length for x in out):
        return None
    return nl.join(out) + nl


def _names(expr) -> list:
    if isinstance(expr, cst.Name):
        return [expr]
    if isinstance(expr, (cst.Tuple, cst.List)):
        return [el.value for el in expr.elements if isinstance(el.value, cst.Name)]
    return []


def resolved_pool_attr(tree, qualname: str) -> Optional[str]:
    """A ``self.<attr>`` of the class (or its in-module bases) holding a resolved SWA pool,
    read from the full module's ``ast`` (so methods the reduction blanked count too)."""
    if tree is None:
        return None
    top = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    seen: set[int] = set()
    stack = [class_node(tree, qualname)]
    while stack:
        cls = stack.pop()
        if cls is None or id(cls) in seen:
            continue
        seen.add(id(cls))
        for method in cls.body:
            if (
                not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef))
                or not method.args.args
            ):
                continue
            self_name = method.args.args[0].arg
            for stmt in ast.walk(method):
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                    target, value = stmt.targets[0], stmt.value
                elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
                    target, value = stmt.target, stmt.value
                else:
                    continue
                if not (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == self_name
                ):
                    continue
                if isinstance(value, ast.Call):
                    func = value.func
                    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                    if name.endswith("resolve_swa_kv_pool"):
                        return target.attr
                if isinstance(value, ast.Attribute) and value.attr == "_swa_kv_pool":
                    return target.attr
        stack.extend(top.get(b.id) for b in cls.bases if isinstance(b, ast.Name))
    return None
