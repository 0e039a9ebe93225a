"""Decode backend that reports allocator occupancy alongside each step.

Occupancy numbers come from the token allocator purely for observability; the
KV pool and its window remap come from the runner's own pool.
"""

import logging
import time
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_interval_s: float = 30.0):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.log_interval_s = log_interval_s
        self._last_log = 0.0

    def _occupancy_summary(self) -> str:
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            return (
                f"full_free={self.allocator.full_available_size()} "
                f"swa_free={self.allocator.swa_available_size()} "
                f"swa_size={self.allocator.size_swa}"
            )
        return f"free={self.allocator.available_size()}"

    def _maybe_log(self, num_tokens: int) -> None:
        now = time.monotonic()
        if now - self._last_log >= self.log_interval_s:
            logger.info("decode tokens=%d %s", num_tokens, self._occupancy_summary())
            self._last_log = now

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log(loc.numel())
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
