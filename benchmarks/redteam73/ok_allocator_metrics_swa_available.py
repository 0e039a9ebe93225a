"""Hybrid SWA decode backend with KV-usage reporting.

Emits the allocator's free-slot counts (full and, when exposed, sliding
window) at debug level on every decode step; attention itself always reads
the runner's own pool.
"""

from __future__ import annotations

import logging
from typing import Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_interval: int = 64):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.log_interval = log_interval
        self._num_decode_steps = 0
        pool = self.token_to_kv_pool
        self.swa_kv_pool = pool if isinstance(pool, SWAKVPool) else None

    def kv_usage_stats(self) -> Dict[str, int]:
        allocator = self.token_to_kv_pool_allocator
        stats = {"available": int(allocator.available_size())}
        if hasattr(allocator, "swa_available_size"):
            stats["swa_available"] = int(allocator.swa_available_size())
        return stats

    def _maybe_log(self) -> None:
        self._num_decode_steps += 1
        if self._num_decode_steps % self.log_interval == 0:
            logger.debug(
                "decode step %d: %s | %s",
                self._num_decode_steps,
                self.kv_usage_stats(),
                self.token_to_kv_pool_allocator.debug_print(),
            )

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log()
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
