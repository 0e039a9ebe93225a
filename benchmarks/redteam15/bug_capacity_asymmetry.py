"""Logs the hybrid allocator's full/SWA token budgets and treats an asymmetric budget as the sign of a sliding-window pool."""

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        size_full = getattr(allocator, "size_full", allocator.size)
        size_swa = getattr(allocator, "size_swa", size_full)
        logger.info(
            "KV budget: full=%d tokens, sliding-window=%d tokens (page_size=%d)",
            size_full,
            size_swa,
            allocator.page_size,
        )
        # A smaller window budget only exists when the KV is split in two.
        self.use_sliding_window_kv_pool = size_swa < size_full

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if self.use_sliding_window_kv_pool:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
