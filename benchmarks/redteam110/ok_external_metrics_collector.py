"""Decode backend that delegates KV metrics to a small collector object.

``KVCacheMetricsCollector`` owns the allocator reference and knows how to
read hybrid counters; the backend only owns the pool its kernels read.
"""

from __future__ import annotations

import logging
import time
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVCacheMetricsCollector:
    def __init__(self, allocator: BaseTokenToKVPoolAllocator, labels: Dict[str, str]):
        self.allocator = allocator
        self.labels = labels
        self.hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.last_collect_ts: Optional[float] = None

    def collect(self) -> Dict[str, float]:
        self.last_collect_ts = time.time()
        out = {"kv_available_tokens": float(self.allocator.available_size())}
        if self.hybrid:
            out["kv_full_available_tokens"] = float(self.allocator.full_available_size())
            out["kv_swa_available_tokens"] = float(self.allocator.swa_available_size())
            out["kv_swa_capacity_tokens"] = float(self.allocator.size_swa)
        return out


class GeneratedAttnBackend:
    def __init__(self, model_runner, collector: Optional[KVCacheMetricsCollector] = None):
        labels = {
            "worker": "draft" if model_runner.is_draft_worker else "target",
            "spec": str(model_runner.spec_algorithm),
        }
        self.metrics = collector or KVCacheMetricsCollector(
            model_runner.token_to_kv_pool_allocator, labels
        )
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.last_metrics: Dict[str, float] = {}

    def forward_decode(self, loc: torch.Tensor):
        self.last_metrics = self.metrics.collect()
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
