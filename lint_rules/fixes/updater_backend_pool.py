"""Fix: a helper class built by a backend (the FlashInfer index updaters of sglang <= 0.5.13)
probes or translates through the allocator -> it keeps the backend's resolved SWA pool.

Shape: an allocator SWA probe or translation (``isinstance(self.<alloc>, SWATokenTo...)``,
``self.<alloc>.translate_loc_from_full_to_swa(...)``) in a method of a class ``C`` that holds no
resolved pool, where every construction of ``C`` in the module is ``C(..., self, ...)`` in a
method of one backend class ``B``. Rewrite (this fix)::

    class B:                                  # when B has no resolved pool yet
        def __init__(self, model_runner, ...):
            self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)   # before C(...)
        @staticmethod
        def _resolve_swa_kv_pool(model_runner): ...                     # resolver_template
    class C:
        def __init__(self, model_runner, attn_backend):
            self.<alloc> = model_runner.token_to_kv_pool_allocator
            self._swa_kv_pool = attn_backend._swa_kv_pool                # added

after which :mod:`.use_resolved_pool` (next round of the same run) rewrites the probes and
translations to ``self._swa_kv_pool`` and the allocator class import goes when unused.

Preconditions: both classes are backend code by the scope settings; ``C`` is built only in
``B`` and is named in no other module of the tree (another module could build it with something
else); ``B.__init__`` keeps its model-runner parameter; no ``_swa_kv_pool`` in either class
already; the target sglang has ``SWAKVPool`` where the import names it.
"""

from __future__ import annotations

import ast
from typing import Optional

import libcst as cst

from ..cstnodes import call_func_name, positional_args
from ..names import SWA_TRANSLATE_MEMBERS
from .backend_pool import (
    POOL_ATTR,
    backend_pool,
    body_start,
    lines_edit_after,
    lines_edit_before,
    method,
    self_stores,
    users_elsewhere,
)
from .base import FixTransform, Offer, Unfixable
from .preconditions import backend_class, class_node


def _shape(finding, ctx) -> bool:
    node = finding.node
    if isinstance(node, cst.Call) and call_func_name(node) == "isinstance":
        args = positional_args(node)
        return len(args) == 2 and ctx.analysis.is_swa_allocator_class(args[1])
    return isinstance(node, cst.Attribute) and node.attr.value in SWA_TRANSLATE_MEMBERS


class UpdaterBackendPool(FixTransform):
    name = "updater-backend-pool"
    message = "Give the helper class the SWA pool its backend resolves (and resolve it there)"

    @classmethod
    def plan(cls, finding, ctx):
        from .use_resolved_pool import resolved_pool_attr

        fn = finding.function
        if fn is None or fn.cls is None or not fn.self_name or not _shape(finding, ctx):
            return None
        tree = ctx.tree
        if tree is None or resolved_pool_attr(tree, fn.cls.qualname) is not None:
            return None  # use-resolved-pool's case
        memo = ctx.offers.setdefault(f"{cls.name}:memo", {})
        if fn.cls.qualname not in memo:
            memo[fn.cls.qualname] = cls._plan_class(ctx, fn.cls, memo)
        return memo[fn.cls.qualname]

    @classmethod
    def _plan_class(cls, ctx, info, memo):
        reason = backend_class(ctx.analysis, info)
        if reason:
            return Unfixable(reason)
        tree = ctx.tree
        helper = class_node(tree, info.qualname)
        init = method(helper, "__init__") if helper is not None else None
        if init is None or not init.args.args:
            return Unfixable(f"`{info.name}` has no `__init__` to keep the backend's pool in")
        sites = _constructions(tree, info.name)
        if not sites:
            return Unfixable(
                f"`{info.name}` is not built in this module: which backend it serves is unknown"
            )
        param, backend = _backend_param(sites, init)
        if isinstance(param, Unfixable):
            return param
        elsewhere = users_elsewhere(ctx, info.name)
        if elsewhere:
            return Unfixable(
                f"`{info.name}` is also named in {_short(elsewhere)}: a fix there would have to "
                "pass the pool too"
            )
        backend_info = ctx.analysis.classes.get(backend.name)
        if backend_info is not None:
            reason = backend_class(ctx.analysis, backend_info)
            if reason:
                return Unfixable(reason)
        if self_stores(helper, POOL_ATTR) or _stores_name(init, param):
            return Unfixable(
                f"`{info.name}` already sets `{POOL_ATTR}` or rebinds `{param}` in `__init__`"
            )
        got = backend_pool(ctx, backend, _first_handout(backend), memo.setdefault("backends", {}))
        if isinstance(got, Unfixable):
            return got
        attr, backend_edits = got
        if attr != POOL_ATTR:
            return Unfixable(
                f"`{backend.name}` keeps its resolved pool in `{attr}`, not `{POOL_ATTR}`"
            )
        me = init.args.args[0].arg
        line = [f"{me}.{POOL_ATTR} = {param}.{POOL_ATTR}"]
        anchor = _anchor(init, param, me)
        if anchor is None:
            edit = lines_edit_before(ctx, init.body[body_start(init)], line)
        else:
            edit = lines_edit_after(ctx, anchor, line)
        if edit is None:
            return Unfixable(f"`{info.name}.__init__`: no whole line to place the pool on")
        key = f"{cls.name}:{backend.name}"
        offer = ctx.offers.get(key)
        if offer is None:
            offer = ctx.offers[key] = Offer(key, cls.message, list(backend_edits))
        offer.edits.append(edit)
        return offer


def _short(paths: list[str]) -> str:
    names = [p.rsplit("/", 1)[-1] for p in paths[:3]]
    return ", ".join(f"`{n}`" for n in names) + (" and others" if len(paths) > 3 else "")


def _constructions(tree, name: str) -> list:
    """(row, enclosing class node, call) of every ``name(...)`` call in the module."""
    out = []

    def visit(node, cls_node, fn):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, child, None)
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, cls_node if fn is None else None, child)
                continue
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Name)
                and child.func.id == name
            ):
                out.append((child.lineno, cls_node, (fn, child)))
            visit(child, cls_node, fn)

    visit(tree, None, None)
    return out


def _backend_param(sites, init):
    """(the helper ``__init__`` parameter every construction passes the backend's ``self`` to,
    the backend class), or (Unfixable, None)."""
    params = [a.arg for a in (*init.args.posonlyargs, *init.args.args)][1:]
    found, backend = set(), None
    for _, cls_node, (fn, call) in sites:
        if cls_node is None or fn is None or not fn.args.args:
            return Unfixable("the class is built outside a backend method"), None
        if backend is not None and cls_node is not backend:
            return Unfixable("the class is built by more than one class"), None
        backend = cls_node
        me = fn.args.args[0].arg
        hits = [
            params[i]
            for i, a in enumerate(call.args)
            if isinstance(a, ast.Name) and a.id == me and i < len(params)
        ]
        hits += [k.arg for k in call.keywords if isinstance(k.value, ast.Name) and k.value.id == me]
        if len(hits) != 1 or any(isinstance(a, ast.Starred) for a in call.args):
            return Unfixable(f"a construction does not pass `{me}` (the backend) once"), None
        found.add(hits[0])
    if len(found) != 1:
        return Unfixable("the constructions pass the backend to different parameters"), None
    return found.pop(), backend


def _first_handout(backend: ast.ClassDef) -> Optional[int]:
    """The first line of the backend's ``__init__`` that passes ``self`` to a call (what it
    builds there may read the pool at once), None when none does."""
    init = method(backend, "__init__")
    if init is None or not init.args.args:
        return None
    me = init.args.args[0].arg
    rows = [
        n.lineno
        for n in ast.walk(init)
        if isinstance(n, ast.Call)
        and any(
            isinstance(a, ast.Name) and a.id == me
            for a in (*n.args, *(k.value for k in n.keywords))
        )
    ]
    return min(rows) if rows else None


def _stores_name(fn, name: str) -> bool:
    return any(
        isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id == name
        for n in ast.walk(fn)
    )


def _anchor(init, param: str, me: str):
    """The top-level ``__init__`` statement to place the pool after: the allocator's
    ``self.<x> = ...token_to_kv_pool_allocator``, else ``self.<x> = <param>``."""

    def stores_self(st):
        return (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Attribute)
            and isinstance(st.targets[0].value, ast.Name)
            and st.targets[0].value.id == me
        )

    for st in init.body:
        if (
            stores_self(st)
            and isinstance(st.value, ast.Attribute)
            and st.value.attr == "token_to_kv_pool_allocator"
        ):
            return st
    for st in init.body:
        if stores_self(st) and isinstance(st.value, ast.Name) and st.value.id == param:
            return st
    return None
