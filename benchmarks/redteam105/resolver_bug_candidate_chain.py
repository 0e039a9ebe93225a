"""Aiter-style decode backend that scans candidate KV caches for a hybrid pool.

The runner's own pool is checked first; the allocator-bound cache is consulted
next. The first hybrid SWA pool found is used for sliding-window layers.
"""

from typing import Iterable, Optional, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


def _candidate_caches(model_runner) -> Iterable[KVCache]:
    yield model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    if hasattr(allocator, "get_kvcache"):
        yield allocator.get_kvcache()


def find_hybrid_pool(model_runner) -> Optional[BaseSWAKVPool]:
    for cache in _candidate_caches(model_runner):
        if isinstance(cache, BaseSWAKVPool):
            return cache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_cache_dtype: Optional[torch.dtype] = None):
        self.kv_cache_dtype = kv_cache_dtype
        self.default_pool: KVCache = model_runner.token_to_kv_pool
        self.hybrid_pool = find_hybrid_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.hybrid_pool
        if pool is None:
            return self.default_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
