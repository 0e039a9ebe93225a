"""Decode-side attention backend that exports KV allocator gauges.

The gauges are refreshed every decode step and double as the switch for the
window index space: when the allocator reports a window capacity, decode
locations are mapped into the window buffers.
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


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._last_gauges: Optional[KVAllocatorGauges] = None

    def memory_snapshot(self) -> Dict[str, Optional[int]]:
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
                full_capacity=alloc.size, full_available=alloc.available_size()
            )
        self._last_gauges = gauges
        return asdict(gauges)

    def forward_decode(self, loc: torch.Tensor):
        self.memory_snapshot()
        pool = self.token_to_kv_pool
        if self._last_gauges.swa_capacity:
            return pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return pool, loc
