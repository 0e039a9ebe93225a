"""Sliding-window decode backend with a per-batch token budget.

The budget caps how many decode tokens one step may claim, taken from whichever
allocator side is tighter; SWA index translation follows the runner's KV pool.
"""

import logging
import math

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class TokenBudget:
    headroom = 0.9

    def __init__(self, allocator):
        self.allocator = allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.total = min(allocator.size_full, allocator.size_swa)
        else:
            self.total = allocator.size

    @property
    def per_step_cap(self) -> int:
        return int(math.floor(self.total * self.headroom))

    def remaining(self) -> int:
        return min(self.allocator.available_size(), self.per_step_cap)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.budget = TokenBudget(model_runner.token_to_kv_pool_allocator)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_swa_indices = isinstance(self.token_to_kv_pool, SWAKVPool)
        logger.debug(
            "token budget cap=%d swa_indices=%s", self.budget.per_step_cap, self.use_swa_indices
        )

    def forward_decode(self, loc: torch.Tensor):
        if loc.numel() > self.budget.remaining():
            logger.warning("decode batch of %d exceeds token budget", loc.numel())
        pool = self.token_to_kv_pool
        if self.use_swa_indices:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
