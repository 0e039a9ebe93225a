"""Decode backend delegating kv-index planning to a planner with a keyword-only window flag."""

import logging
from collections import Counter

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVIndexPlanner:
    def __init__(self, kv_pool, page_size: int = 1):
        self.kv_pool = kv_pool
        self.page_size = page_size
        self.counter = Counter()

    def plan(self, loc: torch.Tensor, *, sliding_window: bool = False):
        self.counter["swa" if sliding_window else "full"] += 1
        if sliding_window:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = pool
        self.allocator = allocator
        self._pool_is_swa = isinstance(pool, SWAKVPool)
        self._alloc_is_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.planner = KVIndexPlanner(pool, page_size=getattr(model_runner, "page_size", 1))
        if self._alloc_is_swa:
            logger.info("SWA allocator: %d full / %d swa slots", allocator.size, allocator.size_swa)

    def _swa_free_ratio(self) -> float:
        if not self._alloc_is_swa:
            return 1.0
        return self.allocator.swa_available_size() / max(self.allocator.size_swa, 1)

    def forward_decode(self, loc):
        logger.debug("swa free ratio %.3f", self._swa_free_ratio())
        indices = self.planner.plan(loc, sliding_window=self._alloc_is_swa)
        return self.pool, indices
