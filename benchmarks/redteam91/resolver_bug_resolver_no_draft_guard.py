"""Decode backend with a helper that picks the sliding-window pool.

``resolve_swa_pool`` first looks at the pool this runner reads, then falls back
to the cache the allocator hands indices for (covers runners whose active pool
is a wrapper).
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool as SwaPool


def resolve_swa_pool(mr) -> Optional[SwaPool]:
    active = mr.token_to_kv_pool
    if isinstance(active, SwaPool):
        return active
    alloc = mr.token_to_kv_pool_allocator
    fallback = alloc.get_kvcache() if alloc is not None else None
    if isinstance(fallback, SwaPool):
        return fallback
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        super().__init__()
        self.mr = model_runner
        self.kv = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.speculative_num_steps = speculative_num_steps

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
