"""Decode backend that records allocator query latency with timestamps.

Timing data is kept in a small ring buffer and exposed through
``latency_summary`` for the profiler hooks.
"""

import time
from collections import deque
from typing import Deque, Dict, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _LatencyRing:
    def __init__(self, capacity: int = 256):
        self._buf: Deque[Tuple[float, float]] = deque(maxlen=capacity)

    def time_call(self, fn):
        t0 = time.perf_counter()
        result = fn()
        self._buf.append((time.time(), (time.perf_counter() - t0) * 1e6))
        return result

    def summary(self) -> Dict[str, float]:
        if not self._buf:
            return {"count": 0, "max_us": 0.0, "mean_us": 0.0}
        durations = [d for _, d in self._buf]
        return {
            "count": float(len(durations)),
            "max_us": max(durations),
            "mean_us": sum(durations) / len(durations),
        }


class GeneratedAttnBackend:
    def __init__(self, model_runner, ring_capacity: int = 256):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.latency = _LatencyRing(ring_capacity)
        self.last_available = 0

    def latency_summary(self) -> Dict[str, float]:
        return self.latency.summary()

    def forward_decode(self, loc: torch.Tensor):
        self.last_available = self.latency.time_call(self.allocator.available_size)
        pool = self.pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
