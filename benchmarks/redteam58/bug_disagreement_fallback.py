"""Decode backend for hybrid sliding-window models.

Logs once when the shared allocator and this runner's KV pool describe different
layouts (as with a draft model that keeps its own full-attention cache).
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _pool_is_swa(pool) -> bool:
    return isinstance(pool, SWAKVPool)


def _allocator_is_swa(allocator) -> bool:
    return isinstance(allocator, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend:
    _warned = False

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        pool_swa = _pool_is_swa(self.pool)
        alloc_swa = _allocator_is_swa(allocator)
        if pool_swa != alloc_swa and not GeneratedAttnBackend._warned:
            GeneratedAttnBackend._warned = True
            logger.warning(
                "allocator (%s, swa=%s) and kv pool (%s, swa=%s) disagree; "
                "using the allocator layout",
                type(allocator).__name__,
                alloc_swa,
                type(self.pool).__name__,
                pool_swa,
            )
        self.swa_pool = self.pool if pool_swa else (allocator.get_kvcache() if alloc_swa else None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
