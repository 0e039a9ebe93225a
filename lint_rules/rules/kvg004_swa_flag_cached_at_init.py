"""KVG004 swa-flag-cached-at-init  (opt-in: `--extend-select KVG004`)

## What it does
Flags an attention backend whose `__init__` caches an SWA decision taken from the pool —
`self.flag = isinstance(<...>.token_to_kv_pool, SWAKVPool)` (possibly inside a larger
expression such as `... and pool.swa_layer_nums > 0`), or the pool itself as the SWA pool
(`self._swa_kv_pool = kv_pool if ... else None`) — when another method of the class reads
that cached attribute at forward time.

## Why is this bad?
FROZEN_KV MTP swaps the draft backend's `token_to_kv_pool` to the target's `SWAKVPool` only
around the draft forward (`frozen_kv_target_view` / `target_kv_pool_view`). A flag cached at
`__init__` from the draft's own full pool stays `False` inside the swap: SWA layers get full-pool
page indices and read the smaller SWA cache out of bounds (issue #26957, PR #26531). aiter had
the same shape until 0.5.20 (#38756); fa3, xpu, torch_native, intel_amx and ascend still do in
0.5.23 (where FROZEN_KV does not route to them, so this rule is opt-in).

## Example
```python
def __init__(self, model_runner):
    self.use_sliding_window_kv_pool = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
def forward_decode(self, q, k, v, layer, forward_batch):
    if self.use_sliding_window_kv_pool: ...
```

## Fix
Resolve the SWA pool with the FROZEN_KV-aware resolver (KVG003's fix), or derive it per call
from `self.token_to_kv_pool` (`isinstance(self.token_to_kv_pool, SWAKVPool)` at forward time).
No automatic fix.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from ..analysis import call_func_name, iter_nodes, positional_args
from ..names import POOL_ATTR
from .base import Case, Rule, source_of

_MESSAGE = (
    "`self.{attr}` caches an SWA decision from the pool at __init__ and is read at forward time; "
    "FROZEN_KV MTP swaps the backend's pool during the draft forward (#26957): resolve it with "
    "the FROZEN_KV-aware resolver or per call from `self.token_to_kv_pool`"
)


class SwaFlagCachedAtInit(Rule):
    code = "KVG004"
    FIX_NEEDS_RESOLVER = True  # the simple pool-based fix caches the pool at __init__

    def _pool_expr(self, expr: cst.BaseExpression) -> bool:
        fn = self.function
        if isinstance(expr, cst.Attribute) and expr.attr.value == POOL_ATTR:
            return True
        if isinstance(expr, cst.Name) and fn is not None:
            return any(
                isinstance(t, cst.Name) and t.value == expr.value and self._pool_expr(v)
                for t, v in fn.assigns
                if v is not expr
            )
        return False

    def _caching_node(self, value: cst.BaseExpression, attr: str) -> Optional[cst.CSTNode]:
        """The sub-expression that makes ``self.attr = value`` an init-time SWA cache."""
        for node in iter_nodes(value):
            if isinstance(node, cst.Call) and call_func_name(node) == "isinstance":
                args = positional_args(node)
                if (
                    len(args) == 2
                    and self._pool_expr(args[0])
                    and self.analysis.is_swa_pool_class(args[1])
                ):
                    return node
        if "swa" in attr.lower():
            if isinstance(value, cst.IfExp):
                for branch, other in ((value.body, value.orelse), (value.orelse, value.body)):
                    if self._pool_expr(branch) and isinstance(other, cst.Name) and other.value == "None":
                        return value
            elif self._pool_expr(value):
                return value
        return None

    def visit_Assign(self, node: cst.Assign) -> None:
        fn, cls = self.function, self.klass
        if fn is None or cls is None or fn.name != "__init__" or fn.cls is not cls:
            return
        if not self.in_scope() or fn.self_name is None:
            return
        for target in node.targets:
            t = target.target
            if not (
                isinstance(t, cst.Attribute)
                and isinstance(t.value, cst.Name)
                and t.value.value == fn.self_name
            ):
                continue
            hit = self._caching_node(node.value, t.attr.value)
            if hit is not None and self._read_elsewhere(cls, t.attr.value):
                self.report(hit, _MESSAGE.format(attr=t.attr.value) + f" (`{source_of(hit)}`)")

    def _read_elsewhere(self, cls, attr: str) -> bool:
        for name, method in cls.methods.items():
            if name == "__init__" or method.self_name is None:
                continue
            for node in iter_nodes(method.node.body):
                if (
                    isinstance(node, cst.Attribute)
                    and node.attr.value == attr
                    and isinstance(node.value, cst.Name)
                    and node.value.value == method.self_name
                ):
                    return True
        return False

    VALID = [
        # resolved with the FROZEN_KV-aware resolver, flag derived from it
        """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    def __init__(self, model_runner):
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
    def forward_decode(self):
        return self.use_sliding_window_kv_pool
""",
        # decided per call from the active pool
        """
class TritonAttnBackend(AttentionBackend):
    def forward_extend(self, layer):
        pool = self.token_to_kv_pool
        return isinstance(pool, SWAKVPool) and pool.layers_mapping[layer.layer_id][1]
""",
        # cached but never read at forward time
        """
class XAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.unused_flag = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
""",
    ]

    INVALID = [
        Case(
            """
class FlashAttentionBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_sliding_window_kv_pool = (
            isinstance(model_runner.token_to_kv_pool, SWAKVPool)
            and model_runner.token_to_kv_pool.swa_layer_nums > 0
        )
    def forward_decode(self, q):
        if self.use_sliding_window_kv_pool:
            return q
"""
        ),
        # the #25103 fix shape (pool-based at init) that crashed FROZEN_KV (#26957)
        Case(
            """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    def __init__(self, model_runner):
        kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(kv_pool, SWAKVPool)
        self._swa_kv_pool = kv_pool if self.use_sliding_window_kv_pool else None
    def _get_layer_cache_loc(self, layer):
        return self._swa_kv_pool.layers_mapping[layer.layer_id]
    def forward_decode(self):
        return self.use_sliding_window_kv_pool
""",
            count=2,
        ),
    ]
