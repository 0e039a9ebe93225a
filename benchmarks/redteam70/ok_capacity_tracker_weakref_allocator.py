"""Sliding-window decode backend with a capacity tracker.

The tracker keeps a weak reference to the token allocator so that it never
extends the allocator's lifetime past the runner's; it samples free-slot
counts on each decode step for the scheduler's watermark heuristics.
"""

import logging
import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVCapacityTracker:
    def __init__(self, allocator, low_watermark: float = 0.05):
        self._allocator_ref = weakref.ref(allocator)
        self.low_watermark = low_watermark
        self.samples = []

    def sample(self) -> Optional[int]:
        allocator = self._allocator_ref()
        if allocator is None:
            return None
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            free = min(allocator.full_available_size(), allocator.swa_available_size())
            total = allocator.size
        else:
            free = allocator.available_size()
            total = allocator.size
        self.samples.append(free)
        if total and free / total < self.low_watermark:
            logger.warning("KV cache nearly full: %s", allocator.debug_print())
        return free


class GeneratedAttnBackend:
    def __init__(self, model_runner, low_watermark: float = 0.05):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.capacity = KVCapacityTracker(
            model_runner.token_to_kv_pool_allocator, low_watermark=low_watermark
        )

    def forward_decode(self, loc: torch.Tensor):
        self.capacity.sample()
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
