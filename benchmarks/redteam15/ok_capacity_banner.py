"""Logs the hybrid allocator's full/SWA token budgets at start-up; the SWA path is chosen from the backend's own pool."""

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            # Operators keep asking why max_total_tokens looks halved on
            # Gemma-style models: print both budgets once.
            logger.info(
                "KV budget: full=%d tokens, sliding-window=%d tokens (page_size=%d)",
                allocator.size_full,
                allocator.size_swa,
                allocator.page_size,
            )
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if self.use_sliding_window_kv_pool:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
