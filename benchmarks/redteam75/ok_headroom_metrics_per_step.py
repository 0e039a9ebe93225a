"""Decode backend that keeps a rolling window of allocator headroom samples.

``headroom_stats()`` is read by the scheduler's /metrics handler.
"""

import collections
import statistics
from typing import Deque, Dict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, history: int = 128):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._hybrid_alloc = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self._full_headroom: Deque[int] = collections.deque(maxlen=history)
        self._swa_headroom: Deque[int] = collections.deque(maxlen=history)

    def _sample(self) -> None:
        if self._hybrid_alloc:
            self._full_headroom.append(self.allocator.full_available_size())
            self._swa_headroom.append(self.allocator.swa_available_size())
        else:
            self._full_headroom.append(self.allocator.available_size())

    def headroom_stats(self) -> Dict[str, float]:
        stats = {}
        if self._full_headroom:
            stats["full_mean"] = statistics.fmean(self._full_headroom)
            stats["full_min"] = float(min(self._full_headroom))
        if self._swa_headroom:
            stats["swa_mean"] = statistics.fmean(self._swa_headroom)
            stats["swa_min"] = float(min(self._swa_headroom))
        return stats

    def forward_decode(self, loc: torch.Tensor):
        self._sample()
        kv_pool = self.kv_pool
        if isinstance(kv_pool, SWAKVPool):
            return kv_pool, kv_pool.translate_loc_from_full_to_swa(loc)
        return kv_pool, loc
