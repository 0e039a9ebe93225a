"""Hybrid SWA decode for the FlashMLA-style paged backend.

When speculative decoding is enabled the target and draft runners share
one allocator, and the backend reads the cache registered with it so both
workers agree on the layout. Without speculation we use the runner's pool.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodeMetadata:
    def __init__(self, pool: KVCache, swa_pool: Optional[SWAKVPool]):
        self.pool = pool
        self.swa_pool = swa_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_cache_dim: int = 576):
        self.kv_cache_dim = kv_cache_dim
        self.page_size = model_runner.page_size

        if model_runner.spec_algorithm.is_none():
            pool = model_runner.token_to_kv_pool
        else:
            pool = model_runner.token_to_kv_pool_allocator.get_kvcache()

        self.metadata = DecodeMetadata(pool, pool if isinstance(pool, SWAKVPool) else None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        md = self.metadata
        if md.swa_pool is None:
            return md.pool, loc
        return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
