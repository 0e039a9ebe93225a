"""Decode backend that advertises a window/full capacity ratio.

The ratio is used by the scheduler to cap the number of long-context requests
admitted per batch. It comes from the allocator, which is shared across
workers; KV reads go through this runner's own pool.
"""

import math

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, min_ratio: float = 0.05):
        allocator = model_runner.token_to_kv_pool_allocator
        self.window_ratio = 1.0
        if isinstance(allocator, SWATokenToKVPoolAllocator) and allocator.size_full > 0:
            self.window_ratio = max(min_ratio, allocator.size_swa / allocator.size_full)
        self.max_long_requests_hint = max(1, math.floor(1.0 / self.window_ratio))

        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.sliding_pool = pool if isinstance(pool, SWAKVPool) else None

    def can_admit(self, num_long_requests: int) -> bool:
        return num_long_requests < self.max_long_requests_hint

    def forward_decode(self, loc: torch.Tensor):
        sliding_pool = self.sliding_pool
        if sliding_pool is None:
            return self.kv_pool, loc
        return sliding_pool, sliding_pool.translate_loc_from_full_to_swa(loc)
