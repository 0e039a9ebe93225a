"""Decode-side attention backend that exports KV allocator gauges.

The scheduler's metrics collector polls ``memory_snapshot()`` once per
iteration; the numbers come straight from the token allocator so that the
sliding-window and full-attention headroom can be plotted side by side.
"""

import logging
from dataclasses import dataclass, asdict
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVAllocatorGauges:
    full_capacity: int
    full_available: int
    swa_capacity: Optional[int] = None
    swa_available: Optional[int] = None

    @property
    def swa_utilization(self) -> float:
        if not self.swa_capacity:
            return 0.0
        return 1.0 - (self.swa_available or 0) / self.swa_capacity


class GeneratedAttnBackend:
    def __init__(self, model_runner, export_gauges: bool = True):
        self.device = model_runner.device
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.export_gauges = export_gauges
        self._last_gauges: Optional[KVAllocatorGauges] = None

    def memory_snapshot(self) -> Dict[str, float]:
        alloc = self.allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            gauges = KVAllocatorGauges(
                full_capacity=alloc.size_full,
                full_available=alloc.full_available_size(),
                swa_capacity=alloc.size_swa,
                swa_available=alloc.swa_available_size(),
            )
        else:
            gauges = KVAllocatorGauges(
                full_capacity=alloc.size,
                full_available=alloc.available_size(),
            )
        self._last_gauges = gauges
        out = asdict(gauges)
        out["swa_utilization"] = gauges.swa_utilization
        return out

    def forward_decode(self, loc: torch.Tensor):
        if self.export_gauges:
            self.memory_snapshot()
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
