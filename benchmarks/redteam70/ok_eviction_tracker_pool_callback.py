"""Eviction tracker wired into the hybrid sliding-window decode backend.

The tracker frees slots that fall out of the sliding window through the
allocator and notifies the backend through a callback with the pool that the
backend itself registered, so reads and frees are reported together.
"""

from __future__ import annotations

import logging
from typing import Callable, List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SlidingWindowEvictionTracker:
    def __init__(self, allocator, get_pool: Callable[[], object]):
        self.allocator = allocator
        self._get_pool = get_pool
        self._listeners: List[Callable] = []
        self.evicted_tokens = 0

    def subscribe(self, fn: Callable) -> None:
        self._listeners.append(fn)

    def evict(self, indices: Optional[torch.Tensor]) -> None:
        if indices is not None and indices.numel():
            self.allocator.free(indices)
            self.evicted_tokens += int(indices.numel())

    def refresh(self) -> None:
        pool = self._get_pool()
        swa = pool if isinstance(pool, SWAKVPool) else None
        for fn in self._listeners:
            fn(pool, swa)
        logger.debug("eviction tracker: %s", self.allocator.debug_print())


class GeneratedAttnBackend:
    def __init__(self, model_runner, window: int = 4096):
        self.window = window
        self.kv_pool = None
        self.swa_pool: Optional[SWAKVPool] = None
        self.tracker = SlidingWindowEvictionTracker(
            model_runner.token_to_kv_pool_allocator,
            get_pool=lambda: model_runner.token_to_kv_pool,
        )
        self.tracker.subscribe(self._on_pool)
        self.tracker.refresh()

    def _on_pool(self, pool, swa_pool) -> None:
        self.kv_pool = pool
        self.swa_pool = swa_pool

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
