"""Decode backend that times allocator queries.

``_AllocTimer`` wraps allocator reads with wall-clock timestamps so slow
free-list scans show up in traces. It also snapshots the cache object backing
the allocator at construction, which the backend keeps as its decode pool.
"""

import logging
import time
from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class _TimedSample:
    ts: float
    duration_ms: float
    available: int


class _AllocTimer:
    def __init__(self, allocator, max_samples: int = 128):
        self.allocator = allocator
        self.max_samples = max_samples
        self.samples: List[_TimedSample] = []
        self.created_at = time.time()
        self.cache = allocator.get_kvcache()

    def timed_available(self) -> int:
        start = time.perf_counter()
        available = int(self.allocator.available_size())
        self.samples.append(
            _TimedSample(time.time(), (time.perf_counter() - start) * 1e3, available)
        )
        if len(self.samples) > self.max_samples:
            self.samples = self.samples[-self.max_samples :]
        return available

    def last(self) -> Optional[_TimedSample]:
        return self.samples[-1] if self.samples else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_samples: int = 128):
        self.timer = _AllocTimer(model_runner.token_to_kv_pool_allocator, max_samples)
        self.pool = self.timer.cache
        self.is_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        self.timer.timed_available()
        if self.is_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
