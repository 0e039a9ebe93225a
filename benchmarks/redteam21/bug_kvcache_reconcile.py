"""Backend that reconciles its pool with the allocator's KV cache when they differ, then reads that pool."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        allocator_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.shares_allocator_cache = allocator_cache is pool
        if not self.shares_allocator_cache:
            logger.debug(
                "runner owns pool %s; allocator cache is %s",
                type(pool).__name__,
                type(allocator_cache).__name__,
            )
            pool = allocator_cache
        self.pool = pool
        self.window = isinstance(pool, SWAKVPool)

    def debug_state(self):
        return {"shared": self.shares_allocator_cache, "window": self.window}

    def forward_decode(self, loc):
        if self.window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
