"""Hybrid wrapper backend with a shared SWA pool resolver.

``resolve_swa_pool`` is used by both children so that they agree on which pool holds the
sliding-window KV.  The active pool is preferred; otherwise the pool the allocator was built
for is used, which covers runners whose pool attribute is a thin view.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class _FullChild:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        return self.pool, loc


class _SlidingChild:
    def __init__(self, swa_pool: SWAKVPool):
        self.pool = swa_pool

    def forward_decode(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        swa_pool = resolve_swa_pool(model_runner)
        self.full_child = _FullChild(model_runner)
        self.sliding_child = _SlidingChild(swa_pool) if swa_pool is not None else None

    def forward_decode(self, loc: torch.Tensor):
        if self.sliding_child is not None:
            return self.sliding_child.forward_decode(loc)
        return self.full_child.forward_decode(loc)
