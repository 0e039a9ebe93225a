"""Decode backend that reconciles the runner's pool with the allocator's cache.

If the allocator manages a hybrid SWA cache but the runner exposes a plain pool,
the backend logs the mismatch and switches to the allocator's cache so window
layers still have SWA buffers; any other mismatch is a configuration error.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator) and not isinstance(pool, SWAKVPool):
            logger.warning(
                "runner pool %s is not hybrid; using allocator cache for window layers",
                type(pool).__name__,
            )
            pool = allocator.get_kvcache()
        if isinstance(pool, SWAKVPool) != isinstance(allocator, SWATokenToKVPoolAllocator):
            raise RuntimeError(
                f"pool/allocator mismatch: {type(pool).__name__} vs {type(allocator).__name__}"
            )
        self.kv_pool = pool
        self.is_hybrid = isinstance(pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_hybrid:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
