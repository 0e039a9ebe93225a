import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.full_only = not isinstance(self.pool, SWAKVPool)
        if self.full_only and isinstance(alloc, SWATokenToKVPoolAllocator):
            logger.debug("full-attention pool behind a hybrid allocator (%s)", type(alloc).__name__)

    def forward_decode(self, loc):
        if self.full_only:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
