"""Decode backend with single-dispatch allocator statistics and pool-driven window reads."""

import functools
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def allocator_stats(allocator) -> dict:
    return {"available": allocator.available_size(), "size": allocator.size}


@allocator_stats.register
def _(allocator: SWATokenToKVPoolAllocator) -> dict:
    return {
        "available": allocator.available_size(),
        "size": allocator.size,
        "swa_available": allocator.swa_available_size(),
        "swa_size": allocator.size_swa,
    }


@functools.singledispatch
def window_pool(pool):
    return None


@window_pool.register
def _(pool: SWAKVPool):
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = window_pool(self.pool)
        self.stats = allocator_stats(self._allocator)
        logger.info("allocator stats at init: %s", self.stats)

    def refresh_stats(self) -> dict:
        self.stats = allocator_stats(self._allocator)
        return self.stats

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
