"""Decode backend for sliding-window models tolerant of wrapped KV pools.

Some runners wrap their KV pool; when the runner's pool is not itself the
hybrid SWA pool, the cache that the allocator serves is used for windowed
layers instead.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeKVSource:
    __slots__ = ("pool", "swa_pool")

    def __init__(self, pool: KVCache, swa_pool: Optional[SWAKVPool]):
        self.pool = pool
        self.swa_pool = swa_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        pool = model_runner.token_to_kv_pool
        allocator_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        swa_pool = pool if isinstance(pool, SWAKVPool) else None
        if allocator_cache is not pool:
            logger.info(
                "runner pool %s is not the allocator cache %s",
                type(pool).__name__,
                type(allocator_cache).__name__,
            )
            if swa_pool is None and isinstance(allocator_cache, SWAKVPool):
                swa_pool = allocator_cache
        self.source = DecodeKVSource(pool, swa_pool)

    def forward_decode(self, loc: torch.Tensor):
        src = self.source
        if src.swa_pool is None:
            return src.pool, loc
        return src.swa_pool, src.swa_pool.translate_loc_from_full_to_swa(loc)
