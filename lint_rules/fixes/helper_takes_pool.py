"""Fix: a module-level helper that takes the allocator and probes/translates through it (the
Triton window helpers of sglang <= 0.5.12) -> it takes the backend's resolved SWA pool.

Shape: a ``hasattr(P, "translate_loc_from_full_to_swa")`` probe or a ``P.translate_...`` in a
top-level function whose parameter ``P`` every backend call site passes the allocator to.
Rewrite::

    def helper(..., token_to_kv_pool_allocator=None):  ->  def helper(..., token_to_kv_pool=None):
        if hasattr(token_to_kv_pool_allocator, "tr..."):  ->    if hasattr(token_to_kv_pool, "tr..."):
            x = token_to_kv_pool_allocator.tr...(x)        ->        x = token_to_kv_pool.tr...(x)

    helper(..., self.token_to_kv_pool_allocator)       ->  helper(..., self._swa_kv_pool)

The helper still duck-types its argument (None: no translation); the backend gets its resolved
pool (:mod:`.backend_pool`: the ``_resolve_swa_kv_pool`` resolver) when it has none.

Preconditions: the helper's only uses of ``P`` are such probes, translations and ``is (not)
None`` tests, and it does not rebind ``P``; every reference to the helper in the module is a call
in a backend class method that passes ``P`` an allocator (``self.<allocator attr>`` or
``<x>.token_to_kv_pool_allocator``) or leaves it out; no other module of the tree names the helper
(its call sites there would keep passing the allocator); ``token_to_kv_pool`` is free in the
helper (sglang 0.5.13's name for it; the value is the resolved SWA pool or None).
"""

from __future__ import annotations

import ast
from typing import Optional

import libcst as cst

from ..cstnodes import call_func_name, positional_args
from ..names import ALLOCATOR_ATTR, SWA_TRANSLATE_MEMBERS
from .backend_pool import backend_pool, users_elsewhere
from .base import Edit, FixTransform, Offer, Unfixable
from .preconditions import backend_class

NEW_PARAM = "token_to_kv_pool"


def _subject(finding) -> Optional[str]:
    """The parameter name a helper's probe/translation reads, else None."""
    node = finding.node
    if isinstance(node, cst.Call) and call_func_name(node) == "hasattr":
        args = positional_args(node)
        if (
            len(args) == 2
            and isinstance(args[0], cst.Name)
            and isinstance(args[1], cst.SimpleString)
            and args[1].evaluated_value in SWA_TRANSLATE_MEMBERS
        ):
            return args[0].value
        return None
    if (
        isinstance(node, cst.Attribute)
        and node.attr.value in SWA_TRANSLATE_MEMBERS
        and isinstance(node.value, cst.Name)
    ):
        return node.value.value
    return None


class HelperTakesPool(FixTransform):
    name = "helper-takes-pool"
    message = "Pass the helper the backend's resolved SWA pool instead of the allocator"

    @classmethod
    def plan(cls, finding, ctx):
        fn = finding.function
        if fn is None or fn.cls is not None or fn.parent is not None:
            return None
        param = _subject(finding)
        if param is None or param not in (*fn.params, *fn.kwonly):
            return None
        tree = ctx.tree
        if tree is None:
            return Unfixable("the module does not parse with ast")
        memo = ctx.offers.setdefault(f"{cls.name}:memo", {})
        key = (fn.name, param)
        if key not in memo:
            memo[key] = cls._plan_helper(ctx, fn.name, param, memo)
        return memo[key]

    @classmethod
    def _plan_helper(cls, ctx, name, param, memo):
        tree = ctx.tree
        helper = next(
            (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name), None
        )
        if helper is None:
            return Unfixable(f"`{name}` is not a plain top-level function")
        uses = _param_uses(helper, param)
        if isinstance(uses, Unfixable):
            return uses
        if _binds(helper, NEW_PARAM):
            return Unfixable(f"`{NEW_PARAM}` is already a name in `{name}`")
        elsewhere = users_elsewhere(ctx, name)
        if elsewhere:
            names = ", ".join(f"`{p.rsplit('/', 1)[-1]}`" for p in elsewhere[:3])
            return Unfixable(
                f"`{name}` is also named in {names}: its call sites there would keep passing "
                "the allocator (fix them in the same change)"
            )
        sites = _call_sites(ctx, tree, helper, param)
        if isinstance(sites, Unfixable):
            return sites
        edits = [_rename(ctx, n.lineno, n.col_offset, param) for n in uses]
        backends = memo.setdefault("backends", {})
        for cls_node, me, arg, keyword in sites:
            got = backend_pool(ctx, cls_node, None, backends)
            if isinstance(got, Unfixable):
                return got
            attr, backend_edits = got
            for e in backend_edits:
                if e not in edits:
                    edits.append(e)
            if arg is not None:
                start = _char_offset(ctx, arg.lineno, arg.col_offset)
                end = _char_offset(ctx, arg.end_lineno, arg.end_col_offset)
                edits.append(Edit(start, end, f"{me}.{attr}"))
            if keyword is not None:
                edits.append(_rename(ctx, keyword[0], keyword[1], param))
        offer = Offer(f"{cls.name}:{name}", cls.message, sorted(edits, key=lambda e: e.start))
        return offer


def _char_offset(ctx, row: int, byte_col: int) -> int:
    line = ctx.line_text(row)
    return ctx.offset(row, len(line.encode("utf-8")[:byte_col].decode("utf-8", "replace")))


def _rename(ctx, row: int, byte_col: int, old: str) -> Edit:
    start = _char_offset(ctx, row, byte_col)
    return Edit(start, start + len(old), NEW_PARAM)


def _binds(fn: ast.FunctionDef, name: str) -> bool:
    for n in ast.walk(fn):
        if isinstance(n, ast.arg) and n.arg == name:
            return True
        if isinstance(n, ast.Name) and n.id == name:
            return True
    return False


def _param_uses(helper: ast.FunctionDef, param: str):
    """The ``ast`` nodes that spell ``param`` in the helper (its ``arg`` and every load), or
    Unfixable when one of them is not a probe, a translation or a None test."""
    a = helper.args
    args = [x for x in (*a.posonlyargs, *a.args, *a.kwonlyargs) if x.arg == param]
    if len(args) != 1:
        return Unfixable(f"`{param}` is not a plain parameter of `{helper.name}`")
    parents = {}
    for node in ast.walk(helper):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    out = [args[0]]
    for node in ast.walk(helper):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and (
            node is not helper
        ):
            if _binds(node, param):
                return Unfixable(f"`{param}` is used in a function nested in `{helper.name}`")
        if not (isinstance(node, ast.Name) and node.id == param):
            continue
        if not isinstance(node.ctx, ast.Load):
            return Unfixable(f"`{helper.name}` rebinds `{param}`")
        up = parents.get(node)
        ok = (
            (isinstance(up, ast.Attribute) and up.attr in SWA_TRANSLATE_MEMBERS)
            or (
                isinstance(up, ast.Call)
                and isinstance(up.func, ast.Name)
                and up.func.id == "hasattr"
                and len(up.args) == 2
                and up.args[0] is node
                and isinstance(up.args[1], ast.Constant)
                and up.args[1].value in SWA_TRANSLATE_MEMBERS
            )
            or (
                isinstance(up, ast.Compare)
                and len(up.ops) == 1
                and isinstance(up.ops[0], (ast.Is, ast.IsNot))
                and isinstance(up.comparators[0], ast.Constant)
                and up.comparators[0].value is None
            )
        )
        if not ok:
            return Unfixable(
                f"`{helper.name}` uses `{param}` (line {node.lineno}) for more than an SWA "
                "probe or translation"
            )
        out.append(node)
    return out


def _call_sites(ctx, tree, helper: ast.FunctionDef, param: str):
    """(backend class node, its method's self name, the argument given to ``param`` or None,
    (row, col) of its keyword or None) for every call of the helper in the module."""
    a = helper.args
    positional = [x.arg for x in (*a.posonlyargs, *a.args)]
    index = positional.index(param) if param in positional else None
    out = []
    calls = 0
    for cls_node in ast.walk(tree):
        if not isinstance(cls_node, ast.ClassDef):
            continue
        for fn in cls_node.body:
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not fn.args.args:
                continue
            me = fn.args.args[0].arg
            for node in ast.walk(fn):
                if not (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == helper.name
                ):
                    continue
                calls += 1
                info = ctx.analysis.classes.get(cls_node.name)
                reason = backend_class(ctx.analysis, info) if info is not None else "unknown class"
                if reason:
                    return Unfixable(f"`{helper.name}` is called from `{cls_node.name}`: {reason}")
                if any(isinstance(x, ast.Starred) for x in node.args) or any(
                    k.arg is None for k in node.keywords
                ):
                    return Unfixable(f"a call of `{helper.name}` unpacks its arguments")
                arg, keyword = None, None
                if index is not None and index < len(node.args):
                    arg = node.args[index]
                for k in node.keywords:
                    if k.arg == param:
                        arg = k.value
                        line = ctx.line_text(k.value.lineno)
                        keyword = _keyword_position(ctx, k, line)
                        if keyword is None:
                            return Unfixable("a keyword argument does not start its line")
                if arg is not None and not _is_allocator(ctx, cls_node, me, arg):
                    return Unfixable(
                        f"a call of `{helper.name}` (line {node.lineno}) passes `{param}` "
                        "something that is not the backend's allocator"
                    )
                out.append((cls_node, me, arg, keyword))
    mentions = sum(1 for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == helper.name)
    if mentions != calls:
        return Unfixable(
            f"`{helper.name}` is used in this module other than by calls from backend methods"
        )
    if not out:
        return Unfixable(f"`{helper.name}` is not called by a backend in this module")
    return out


def _keyword_position(ctx, keyword: ast.keyword, line: str):
    """(row, byte col) of the keyword's name: ``keyword.lineno`` / ``col_offset`` (3.9+)."""
    row, col = getattr(keyword, "lineno", None), getattr(keyword, "col_offset", None)
    if row is None:
        return None
    return row, col


def _is_allocator(ctx, cls_node: ast.ClassDef, me: str, arg) -> bool:
    if not isinstance(arg, ast.Attribute):
        return False
    if arg.attr == ALLOCATOR_ATTR:
        return True
    if isinstance(arg.value, ast.Name) and arg.value.id == me:
        info = ctx.analysis.classes.get(cls_node.name)
        attrs = ctx.analysis._class_alloc_attrs(info) if info is not None else set()
        return arg.attr in attrs
    return False
