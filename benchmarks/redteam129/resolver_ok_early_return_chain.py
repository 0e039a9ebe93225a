"""Decode backend for interleaved sliding-window / full attention models.

Pool selection mirrors the hybrid SWA helper used by the FlashAttention and
Triton backends.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _swa_pool_for(model_runner) -> Optional[SWAKVPool]:
    active: KVCache = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active

    if not model_runner.is_draft_worker:
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    if not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None

    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if not isinstance(cache, SWAKVPool):
        return None
    return cache


class GeneratedAttnBackend:
    def __init__(self, model_runner, sm_scale: Optional[float] = None):
        self.sm_scale = sm_scale
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _swa_pool_for(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
