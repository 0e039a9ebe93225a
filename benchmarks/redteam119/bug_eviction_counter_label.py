"""Decode backend with Prometheus-style eviction counters.

Counters are keyed by a cache-layout label ("hybrid" for the sliding-window
allocator, "full" otherwise) so dashboards can separate SWA deployments.
"""

import logging
from collections import Counter
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

_HYBRID = "hybrid"
_FULL = "full"


class _EvictionCounter:
    """Counts decode steps and low-watermark hits per cache layout."""

    def __init__(self, allocator, low_watermark: int = 256):
        self.allocator = allocator
        self.low_watermark = low_watermark
        self.label = _HYBRID if isinstance(allocator, SWATokenToKVPoolAllocator) else _FULL
        self.counts: Counter = Counter()

    def tick(self) -> None:
        self.counts[f"{self.label}:decode_steps"] += 1
        if self.allocator.available_size() < self.low_watermark:
            self.counts[f"{self.label}:low_watermark"] += 1

    def snapshot(self) -> dict:
        return dict(self.counts)


class GeneratedAttnBackend:
    """Decode-only backend; layout label doubles as the dashboard dimension."""

    def __init__(self, model_runner, low_watermark: int = 256):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.counter = _EvictionCounter(
            model_runner.token_to_kv_pool_allocator, low_watermark=low_watermark
        )

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.counter.label == _HYBRID:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        self.counter.tick()
        return self.token_to_kv_pool, self._decode_locations(loc)
