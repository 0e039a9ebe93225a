"""Decode backend that logs the shared allocator's free-token count and picks the window path from its own pool's class."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        free_tokens = allocator.available_size()
        logger.info(
            "attention backend on %s: %d free tokens (page_size=%d)",
            self.device,
            free_tokens,
            self.page_size,
        )
        self.use_sliding_window_kv_pool = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
