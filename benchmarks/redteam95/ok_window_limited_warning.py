"""Decode backend that caps its max running requests on window-bound allocators."""

import logging
import math
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_running_requests: int = 1024, context_len: int = 64):
        allocator = model_runner.token_to_kv_pool_allocator
        size_full = getattr(allocator, "size_full", allocator.size)
        self.window_bound = allocator.size < size_full
        cap = max(1, math.floor(allocator.size / max(context_len, 1)))
        self.max_running_requests = min(max_running_requests, cap)
        if self.window_bound:
            logger.warning(
                "allocator is window-bound (%d < %d); max_running_requests capped at %d",
                allocator.size,
                size_full,
                self.max_running_requests,
            )
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = self.token_to_kv_pool
        self.req_seq_lens = torch.zeros(self.max_running_requests, dtype=torch.int32)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
