"""Triton decode backend with allocator-aware startup logging."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_MSG_HYBRID = "hybrid KV allocator: %d full / %d window tokens free"
_MSG_PLAIN = "KV allocator: %d tokens free"


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.req_to_token = model_runner.req_to_token_pool
        self.pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.pool, SWAKVPool)

        alloc = model_runner.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            logger.info(_MSG_HYBRID, alloc.full_available_size(), alloc.swa_available_size())
        else:
            logger.info(_MSG_PLAIN, alloc.available_size())
        if self.use_sliding_window_kv_pool:
            logger.info("sliding-window KV pool enabled for this runner")

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            swa_loc = self.pool.translate_loc_from_full_to_swa(loc)
            return self.pool, swa_loc
        return self.pool, loc
