"""KVG003 swa-pool-from-allocator-kvcache

## What it does
Flags `alloc.get_kvcache()` on an allocator-derived value in attention-backend code, when the
enclosing function has not **first** (in earlier statements of its body)

1. returned the active pool when it is an SWA pool
   (`if isinstance(<...>.token_to_kv_pool, SWAKVPool): return ...`), **and**
2. returned early for draft workers that are not FROZEN_KV MTP
   (`if runner.is_draft_worker: if not runner.spec_algorithm.is_frozen_kv_mtp(): return None`,
   in any nesting or spelling, `getattr(runner, "is_draft_worker", False)` included).

That guarded fallback is sglang ≥ 0.5.13's `_resolve_swa_kv_pool` and stays silent, as do
identity checks such as `alloc.get_kvcache() is self.token_to_kv_pool`.

## Why is this bad?
`allocator.get_kvcache()` is the **target's** pool. A speculative draft shares the target's
allocator, so an unguarded `get_kvcache()` hands an EAGLE draft the target's SWA pool while the
draft reads its own full pool: wrong indices, silently dropped accept length (#25103). #26966
chose the allocator as "the stable source of truth" to fix FROZEN_KV MTP and brought the EAGLE
bug back; #27491 settled on the guarded resolver.

## Example
```python
allocator = model_runner.token_to_kv_pool_allocator
self._swa_kv_pool = allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
```

## Fix
Resolve the SWA pool in order: the active pool if it is an `SWAKVPool`; `None` for a draft
worker that is not FROZEN_KV MTP; only then the allocator's kvcache, if it is an `SWAKVPool`.
`kvguard fix` emits this resolver (unsafe fix; version-aware: the FROZEN_KV branch only where
the target sglang has it).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from ..analysis import FunctionInfo, call_func_name, positional_args, string_value
from ..names import POOL_ATTR
from ..fixes.resolve_init_pool import ResolveInitPool
from .base import Case, Rule, source_of

_MESSAGE = (
    "`{src}` is the target's pool: a speculative draft shares the allocator but owns its own "
    "pool; take the active pool first if it is SWA, return None for non-FROZEN_KV draft "
    "workers, and only then fall back to the allocator's kvcache"
)


def _kvcache_receiver(node: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """``x`` for ``x.get_kvcache()`` and ``getattr(x, "get_kvcache"[, d])()``; else None."""
    if not isinstance(node, cst.Call) or node.args:
        return None
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value == "get_kvcache":
        return func.value
    if isinstance(func, cst.Call) and call_func_name(func) == "getattr":
        args = positional_args(func)
        if len(args) >= 2 and string_value(args[1]) == "get_kvcache":
            return args[0]
    return None


def _is_get_kvcache(node: cst.BaseExpression) -> bool:
    return _kvcache_receiver(node) is not None


class _Mentions(cst.CSTVisitor):
    """Collects attribute/name identifiers, getattr strings, isinstance calls and returns."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.isinstance_calls: list[cst.Call] = []
        self.has_return = False
        self.kvcache_calls: list[cst.Call] = []

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        value = string_value(node)
        if value:
            self.names.add(value)

    def visit_Call(self, node: cst.Call) -> None:
        if call_func_name(node) == "isinstance":
            self.isinstance_calls.append(node)
        if _is_get_kvcache(node):
            self.kvcache_calls.append(node)

    def visit_Return(self, node: cst.Return) -> None:
        self.has_return = True

    # nested functions are not part of this function's control flow
    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _mentions(node: cst.CSTNode) -> _Mentions:
    visitor = _Mentions()
    node.visit(visitor)
    return visitor


class SwaPoolFromAllocatorKvcache(Rule):
    code = "KVG003"
    FIXES = (ResolveInitPool,)

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._exempt: set[cst.Call] = set()
        self._scanned: set[int] = set()

    def _is_pool_expr(self, expr: cst.BaseExpression, fn: FunctionInfo) -> bool:
        if isinstance(expr, cst.Attribute) and expr.attr.value == POOL_ATTR:
            return True
        if isinstance(expr, cst.Name):
            return any(
                isinstance(t, cst.Name) and t.value == expr.value and self._is_pool_expr(v, fn)
                for t, v in fn.assigns
                if v is not expr
            )
        return False

    def _scan_function(self, fn: FunctionInfo) -> None:
        """Mark get_kvcache() calls that follow both guards in the function's body."""
        if id(fn.node) in self._scanned or not any(_is_get_kvcache(c) for c in fn.calls):
            return
        self._scanned.add(id(fn.node))
        body = fn.node.body
        statements = body.body if isinstance(body, cst.IndentedBlock) else []
        active_guard = draft_guard = False
        for stmt in statements:
            facts = _mentions(stmt)
            if active_guard and draft_guard:
                self._exempt.update(facts.kvcache_calls)
                continue
            if isinstance(stmt, cst.If) and facts.has_return:
                test = _mentions(stmt.test)
                if any(
                    len(positional_args(c)) == 2
                    and self._is_pool_expr(positional_args(c)[0], fn)
                    and self.analysis.is_swa_pool_class(positional_args(c)[1])
                    for c in test.isinstance_calls
                ):
                    active_guard = True
                if "is_draft_worker" in test.names and "is_frozen_kv_mtp" in facts.names:
                    draft_guard = True

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        fn = self.analysis.function_of(node)
        if fn is not None:
            self._scan_function(fn)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        # identity with the pool: `alloc.get_kvcache() is pool` asks "same pool?", a safe question
        operands = [node.left, *(t.comparator for t in node.comparisons)]
        if any(isinstance(t.operator, (cst.Is, cst.IsNot)) for t in node.comparisons):
            self._exempt.update(op for op in operands if _is_get_kvcache(op))

    def visit_Call(self, node: cst.Call) -> None:
        if not _is_get_kvcache(node) or node in self._exempt or not self.in_scope():
            return
        receiver = _kvcache_receiver(node)
        if receiver is not None and self.derived(receiver):
            self.report(node, _MESSAGE.format(src=source_of(node)))

    VALID = [
        # sglang >= 0.5.13 trtllm_mha resolver (alias form)
        """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
        # aiter form: getattr guard, chained call, combined condition
        """
class AiterAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, BaseSWAKVPool):
            return model_runner.token_to_kv_pool
        if getattr(model_runner, "is_draft_worker", False) and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
        # identity-guarded (kv_index_translator shape)
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, token_to_kv_pool_allocator, token_to_kv_pool):
        self.unified = isinstance(token_to_kv_pool_allocator, UnifiedAlloc) and (
            token_to_kv_pool_allocator.get_kvcache() is token_to_kv_pool
        )
""",
    ]

    INVALID = [
        # trtllm_mha <= 0.5.12.post1
        Case(
            """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._swa_kv_pool = (
            allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
        )
"""
        ),
        # #26966 shape: only the active-pool check, no draft-worker guard
        Case(
            """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        kvcache = getattr(model_runner.token_to_kv_pool_allocator, "get_kvcache")()
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
            count=2,
        ),
        # guards that come after the call do not count
        Case(
            """
class FooAttnBackend(AttentionBackend):
    def resolve(self, mr):
        kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        return kvcache
"""
        ),
    ]
