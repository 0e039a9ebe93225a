"""Backend that logs its KV setup at construction and decodes through the pool it was given."""

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(allocator, "page_size", 1)
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info(
                "hybrid SWA allocator (%s), page_size=%d", type(allocator).__name__, self.page_size
            )
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._window_mode = "swa" if isinstance(self.token_to_kv_pool, SWAKVPool) else "full"

    def forward_decode(self, loc):
        if self._window_mode == "swa":
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
