"""Eviction tracker wired into the hybrid sliding-window decode backend.

The tracker owns the allocator; whenever it refreshes it publishes the cache
the allocator manages to subscribers, so the backend always reads from the
cache whose slots the tracker is freeing.
"""

from __future__ import annotations

import logging
from typing import Callable, List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SlidingWindowEvictionTracker:
    def __init__(self, allocator):
        self.allocator = allocator
        self._listeners: List[Callable] = []

    def subscribe(self, fn: Callable) -> None:
        self._listeners.append(fn)

    def evict(self, indices: torch.Tensor) -> None:
        if indices.numel():
            self.allocator.free(indices)

    def refresh(self) -> None:
        cache = self.allocator.get_kvcache()
        for fn in self._listeners:
            fn(cache)


class GeneratedAttnBackend:
    def __init__(self, model_runner, window: int = 4096):
        self.window = window
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        self.tracker = SlidingWindowEvictionTracker(model_runner.token_to_kv_pool_allocator)
        self.tracker.subscribe(self._on_cache)
        self.tracker.refresh()

    def _on_cache(self, cache) -> None:
        if isinstance(cache, SWAKVPool):
            self.swa_pool = cache
            logger.info("sliding window cache attached (window=%d)", self.window)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
