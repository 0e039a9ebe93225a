"""Decode backend with KV-usage accounting for hybrid SWA models.

The allocator is kept for bookkeeping (free-slot counters, debug dumps); the
buffers read by window layers come from the runner's own pool.
"""

import logging
from typing import Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_every: int = 256):
        super().__init__()
        self.log_every = log_every
        self._steps = 0
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def kv_usage_stats(self) -> Dict[str, int]:
        stats = {"available": int(self.allocator.available_size())}
        if hasattr(self.allocator, "swa_available_size"):
            stats["swa_available"] = int(self.allocator.swa_available_size())
        return stats

    def _maybe_log(self) -> None:
        self._steps += 1
        if self._steps % self.log_every == 0:
            logger.info("kv usage: %s", self.kv_usage_stats())
            logger.debug(self.allocator.debug_print())

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log()
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
