import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info(
                "hybrid allocator %s: full=%d swa=%d free",
                type(allocator).__name__,
                allocator.full_available_size(),
                allocator.swa_available_size(),
            )
        self.use_sliding_window_kv_pool = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
