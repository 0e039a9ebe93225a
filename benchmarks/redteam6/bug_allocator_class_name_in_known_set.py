"""Decode-only backend that recognises hybrid allocators by name (avoids importing each one)."""

import logging

logger = logging.getLogger(__name__)

_HYBRID_SWA_ALLOCATORS = frozenset(
    {
        "SWATokenToKVPoolAllocator",
        "UnifiedSWATokenToKVPoolAllocator",
        "UnifiedMambaSWATokenToKVPoolAllocator",
    }
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator_name = type(model_runner.token_to_kv_pool_allocator).__name__
        self.use_sliding_window_kv_pool = allocator_name in _HYBRID_SWA_ALLOCATORS
        logger.debug("allocator=%s swa=%s", allocator_name, self.use_sliding_window_kv_pool)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
