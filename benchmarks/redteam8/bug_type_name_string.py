"""Windowed decode for hybrid models; keys the SWA path off the allocator's class name."""

import logging

logger = logging.getLogger(__name__)

_SWA_ALLOCATOR_NAME = "SWATokenToKVPoolAllocator"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid = type(allocator).__name__ == _SWA_ALLOCATOR_NAME
        logger.debug("hybrid swa: %s", self.is_hybrid)

    def forward_decode(self, loc):
        if self.is_hybrid:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
