"""Backend that reports the allocator's class but decides SWA from its own pool."""

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.shared_swa_allocator = isinstance(alloc, SWATokenToKVPoolAllocator)
        self.kv_pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.kv_pool, SWAKVPool)
        if self.shared_swa_allocator and not self.use_swa:
            logger.info(
                "%s shared with a full-only pool (%s): SWA translation off",
                type(alloc).__name__,
                type(self.kv_pool).__name__,
            )

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
