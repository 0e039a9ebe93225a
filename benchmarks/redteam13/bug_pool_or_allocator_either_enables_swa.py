"""Backend that checks both pool and allocator and enables SWA when either of them is SWA."""

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        pool_is_swa = isinstance(self.pool, SWAKVPool)
        allocator_is_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        if allocator_is_swa != pool_is_swa:
            logger.info(
                "allocator %s / pool %s disagree on SWA (draft worker?)",
                type(allocator).__name__,
                type(self.pool).__name__,
            )
        self.use_swa = pool_is_swa or allocator_is_swa

    def forward_decode(self, loc):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
