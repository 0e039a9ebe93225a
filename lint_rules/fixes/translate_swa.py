"""KVG005's fix: translate the full-pool arguments of an SWA page-table builder through the
backend's SWA pool before the call, where the backend uses one (sglang 0.5.12's shape):

    swa_loc_a = metadata.page_table
    if self.use_sliding_window_kv_pool:
        swa_loc_a = self.token_to_kv_pool.translate_loc_from_full_to_swa(swa_loc_a)
    prepare_swa_spec_page_table_triton(page_table, swa_loc_a, ...)

The pool and the flag are the class's own: every translation the class already makes goes
through one receiver (``self.<pool>``) under one ``self.<flag>`` test; anything else (several
pools, no guarded translation, an argument that is not a plain name/attribute/subscript chain,
a call sharing its line with other code) is not fixed. No libcst; the model is
``lint_rules/index_space.py``.
"""

from __future__ import annotations

import ast
from collections import Counter
from typing import Optional, Union

from .base import FixContext, FixTransform, Offer, Unfixable, fmt_assign


def _plain(node: ast.AST) -> bool:
    """A name/attribute/subscript chain with constant or plain slices (no call: reading it
    twice has no side effect)."""
    for n in ast.walk(node):
        if not isinstance(
            n,
            (
                ast.Name,
                ast.Attribute,
                ast.Subscript,
                ast.Slice,
                ast.Tuple,
                ast.Constant,
                ast.Load,
                ast.BinOp,
                ast.UnaryOp,
                ast.operator,
                ast.unaryop,
            ),
        ):
            return False
    return True


def _enclosing(tree: ast.Module, row: int, col: int):
    """(class, function, statement) holding the call at (row, col) (col: ``ast``'s)."""
    found = [None, None, None]

    def visit(body, cls, fn):
        for st in body:
            if not (st.lineno <= row <= (st.end_lineno or st.lineno)):
                continue
            if isinstance(st, ast.ClassDef):
                visit(st.body, st, fn)
            elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(st.body, cls, st)
            else:
                inner = [
                    s
                    for f in ("body", "orelse", "finalbody")
                    for s in getattr(st, f, None) or ()
                    if isinstance(s, ast.stmt)
                ]
                for h in getattr(st, "handlers", None) or ():
                    inner.extend(h.body)
                if any(s.lineno <= row <= (s.end_lineno or s.lineno) for s in inner):
                    visit(inner, cls, fn)
                else:
                    found[:] = [cls, fn, st]
                return

    visit(tree.body, None, None)
    return found


def _pool_and_flag(cls: ast.ClassDef, self_name: str, translators) -> Union[tuple, str]:
    """(pool source, flag source) of the class's guarded translations, or why there is none."""
    pools: Counter = Counter()
    flags: Counter = Counter()

    def walk(body, tests):
        for st in body:
            if isinstance(st, ast.If):
                walk(st.body, tests + [st.test])
                walk(st.orelse, tests)
                continue
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(st, field, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    walk(inner, tests)
            for h in getattr(st, "handlers", None) or ():
                walk(h.body, tests)
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for n in ast.walk(st):
                if (
                    isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Attribute)
                    and n.func.attr in translators
                ):
                    pools[ast.unparse(n.func.value)] += 1
                    for t in tests:
                        conj = (
                            t.values
                            if isinstance(t, ast.BoolOp) and isinstance(t.op, ast.And)
                            else [t]
                        )
                        for c in conj:
                            if (
                                isinstance(c, ast.Attribute)
                                and isinstance(c.value, ast.Name)
                                and c.value.id == self_name
                            ):
                                flags[ast.unparse(c)] += 1

    for fn in cls.body:
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            walk(fn.body, [])
    if len(pools) != 1:
        return "the class translates through several pools" if pools else "no translation here"
    pool = next(iter(pools))
    if not pool.startswith(self_name + "."):
        return f"the class translates through `{pool}`, not an attribute of the backend"
    if not flags:
        return "no `self.<flag>` guards the class's translations"
    return pool, flags.most_common(1)[0][0]


class TranslateThroughSwaPool(FixTransform):
    name = "translate-through-swa-pool"
    message = "translate the full-pool locations through the backend's SWA pool first"

    @classmethod
    def plan(cls, finding, ctx: FixContext) -> Optional[Union[Offer, Unfixable]]:
        from .. import index_space

        tree = ctx.tree
        if tree is None:
            return None
        row, col = finding.node[0], finding.node[1]
        line = ctx.line_text(row)
        bcol = len(line[:col].encode("utf-8"))
        model = index_space.IndexSpace(tree, text=ctx.text)
        hits = [
            h
            for h in model.hits
            if (h.call.lineno, h.call.col_offset) == (row, bcol) and isinstance(h.call, ast.Call)
        ]
        if not hits or not hits[0].sink.startswith("an argument of the SWA page-table builder"):
            return None
        call = hits[0].call
        klass, fn, stmt = _enclosing(tree, row, bcol)
        if klass is None or fn is None or stmt is None:
            return Unfixable("not in a backend method")
        if not (isinstance(stmt, ast.Expr) and stmt.value is call):
            return Unfixable("the builder call is not a statement of its own")
        args = fn.args.posonlyargs + fn.args.args
        if not args:
            return Unfixable("not in a method")
        self_name = args[0].arg
        found = _pool_and_flag(klass, self_name, model.translators)
        if isinstance(found, str):
            return Unfixable(found)
        pool, flag = found
        translator = sorted(model.translators)[0]
        # every argument the model finds FULL at this call
        exprs = sorted(
            {id(a): a for h in model.hits if h.call is call for a in [h.expr]}.values(),
            key=lambda a: (a.lineno, a.col_offset),
        )
        if not all(_plain(e) for e in exprs):
            return Unfixable("a full-pool argument is not a plain name, attribute or subscript")
        from ..astfinding import Span

        span = ctx.whole_lines(
            Span(
                stmt.lineno,
                _char_col(ctx, stmt.lineno, stmt.col_offset),
                stmt.end_lineno,
                _char_col(ctx, stmt.end_lineno, stmt.end_col_offset),
            )
        )
        if span is None:
            return Unfixable("the builder call shares its line with other code")
        start, _, indent = span
        fn_text = ast.unparse(fn)
        names, n = [], 0
        for _ in exprs:
            while True:
                name = f"swa_loc_{chr(ord('a') + n)}" if n < 26 else f"swa_loc_{n}"
                n += 1
                if name not in fn_text:
                    break
            names.append(name)
        nl = ctx.newline()
        unit = ctx.indent_unit()
        lines = [
            f"{indent}{nm} = {ast.get_source_segment(ctx.text, e)}" for nm, e in zip(names, exprs)
        ]
        lines.append(f"{indent}if {flag}:")
        inner = indent + unit
        for nm in names:
            for part in fmt_assign(
                len(inner), f"{nm} = ", f"{pool}.{translator}", nm, ctx.line_length
            ):
                lines.append(inner + part)
        offer, new = ctx.offer(f"translate-swa:{row}:{col}", cls.message)
        if new:
            from .base import Edit

            offer.edits.append(Edit(start, start, nl.join(lines) + nl))
            for nm, e in zip(names, exprs):
                a = ctx.offset(e.lineno, _char_col(ctx, e.lineno, e.col_offset))
                b = ctx.offset(e.end_lineno, _char_col(ctx, e.end_lineno, e.end_col_offset))
                offer.edits.append(Edit(a, b, nm))
        return offer


def _char_col(ctx: FixContext, row: int, col: int) -> int:
    line = ctx.line_text(row)
    return col if line.isascii() else len(line.encode("utf-8")[:col].decode("utf-8", "replace"))
