"""Decode backend that tags its latency histogram with the cache layout.

The metrics label is purely descriptive ("hybrid_swa" vs "full") and is taken
from the allocator, which is what operators see in the memory dashboard.
"""

import time
from collections import defaultdict
from typing import Dict, List, Tuple

import torch

from sglang.srt.mem_cache.allocator.base import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _layout_label(allocator: BaseTokenToKVPoolAllocator) -> str:
    return "hybrid_swa" if isinstance(allocator, SWATokenToKVPoolAllocator) else "full"


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_metrics: bool = True):
        self.enable_metrics = enable_metrics
        self.metrics_label = _layout_label(model_runner.token_to_kv_pool_allocator)
        self.latencies: Dict[str, List[float]] = defaultdict(list)
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        start = time.perf_counter()
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            out = (pool, pool.translate_loc_from_full_to_swa(loc))
        else:
            out = (pool, loc)
        if self.enable_metrics:
            self.latencies[self.metrics_label].append(time.perf_counter() - start)
        return out
