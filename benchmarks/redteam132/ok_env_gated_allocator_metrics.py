"""Decode backend with optional per-step allocator metrics.

Set ``SGLANG_ATTN_KV_METRICS=1`` to log allocator occupancy (full and SWA free
slots) every ``metrics_interval`` decode steps. Metrics never influence which
KV buffers the step reads.
"""

import logging
import os
from typing import Dict, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, metrics_interval: int = 64):
        self.metrics_enabled = bool(int(os.environ.get("SGLANG_ATTN_KV_METRICS", "0")))
        self.metrics_interval = metrics_interval
        self._step = 0
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def _allocator_metrics(self) -> Dict[str, int]:
        stats = {"available": self.allocator.available_size()}
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            stats["full_available"] = self.allocator.full_available_size()
            stats["swa_available"] = self.allocator.swa_available_size()
            stats["size_swa"] = self.allocator.size_swa
        return stats

    def _maybe_log_metrics(self) -> None:
        self._step += 1
        if self.metrics_enabled and self._step % self.metrics_interval == 0:
            logger.info("kv allocator @%d: %s", self._step, self._allocator_metrics())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        self._maybe_log_metrics()
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
