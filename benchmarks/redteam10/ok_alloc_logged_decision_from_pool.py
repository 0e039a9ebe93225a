"""Backend that logs the allocator type but decides SWA from the pool."""

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if isinstance(allocator, SWATokenToKVPoolAllocator) and model_runner.is_draft_worker:
            logger.info(
                "draft worker shares an SWA allocator (%s); reading own pool %s",
                type(allocator).__name__,
                type(self.token_to_kv_pool).__name__,
            )
        assert allocator.available_size() >= 0
        self.is_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.is_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
