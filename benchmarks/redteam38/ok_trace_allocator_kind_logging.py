"""Attention backend that traces the allocator kind at start-up and picks its SWA pool from the runner."""

import logging
from typing import Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool: Optional[SWAKVPool] = None

        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info(
                "hybrid SWA allocator: full=%d swa=%d page_size=%d draft=%s",
                allocator.size_full,
                allocator.size_swa,
                allocator.page_size,
                model_runner.is_draft_worker,
            )
        else:
            logger.info("allocator %s", type(allocator).__name__)

        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = self.token_to_kv_pool

    def get_layer_pool(self, layer_id: int):
        if self.swa_pool is None:
            return self.token_to_kv_pool, False
        _, is_swa = self.swa_pool.layers_mapping[layer_id]
        return self.swa_pool, is_swa

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
