"""Decode-step attention backend with per-step KV capacity metrics.

The KV pool this backend reads comes straight from the runner. The allocator is
consulted only for the capacity counters exported to the metrics collector:
hybrid allocators expose a separate sliding-window budget next to the full one.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Minimal decode backend that also publishes KV capacity gauges."""

    def __init__(self, model_runner, enable_metrics: bool = True):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.enable_metrics = enable_metrics
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.last_metrics: Dict[str, int] = {}

    def _collect_kv_metrics(self) -> Dict[str, int]:
        alloc = self.allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            return {
                "kv_full_available": int(alloc.full_available_size()),
                "kv_swa_available": int(alloc.swa_available_size()),
                "kv_swa_capacity": int(alloc.size_swa),
            }
        return {"kv_full_available": int(alloc.available_size())}

    def forward_decode(self, loc: torch.Tensor):
        if self.enable_metrics:
            self.last_metrics = self._collect_kv_metrics()
            logger.debug("kv capacity: %s", self.last_metrics)
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
