import logging

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.max_kv_slots = allocator.size
        self.page_size = allocator.page_size
        logger.info(
            "attention backend: allocator=%s swa_allocator=%s free=%d",
            type(allocator).__name__,
            isinstance(allocator, SWATokenToKVPoolAllocator),
            allocator.available_size(),
        )
        self.kv_indptr = torch.zeros(model_runner.max_running_requests + 1, dtype=torch.int32)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_swa = hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa")

    def forward_decode(self, loc):
        if self.use_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
