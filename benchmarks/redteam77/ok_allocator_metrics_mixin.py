"""Decode backend with an allocator-metrics mixin.

``AllocatorMetricsMixin`` publishes full/SWA token usage from the shared
token allocator for the scheduler's stats loop; the decode path resolves
the sliding-window pool from the runner's own KV pool.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class AllocatorMetricsMixin:
    def kv_usage_metrics(self) -> Dict[str, int]:
        alloc = self.token_to_kv_pool_allocator
        metrics = {"available": int(alloc.available_size())}
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            metrics["swa_capacity"] = int(alloc.size_swa)
            metrics["swa_available"] = int(alloc.swa_available_size())
            metrics["full_available"] = int(alloc.full_available_size())
        return metrics


class _PoolDecodeBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        pool = self.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AllocatorMetricsMixin, _PoolDecodeBackend):
    """Hybrid SWA decode backend with usage reporting."""

    def __init__(self, model_runner):
        super().__init__(model_runner)
        logger.info("kv usage at init: %s", self.kv_usage_metrics())
