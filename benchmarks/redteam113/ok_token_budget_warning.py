"""Decode backend that warns when the KV token budget runs low.

Operators asked for an early signal before the scheduler starts retracting
requests. When the free fraction reported by the allocator drops below a
threshold the backend emits a rate-limited warning.
"""

import logging
import time
import warnings
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class LowKVBudgetWarning(UserWarning):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner, low_watermark: float = 0.05, warn_interval_s: float = 30.0):
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.low_watermark = low_watermark
        self.warn_interval_s = warn_interval_s
        self._last_warn: Optional[float] = None
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def free_fraction(self) -> float:
        capacity = max(1, int(self.allocator.size_full))
        return self.allocator.available_size() / capacity

    def _maybe_warn(self) -> None:
        frac = self.free_fraction()
        if frac >= self.low_watermark:
            return
        now = time.monotonic()
        if self._last_warn is not None and now - self._last_warn < self.warn_interval_s:
            return
        self._last_warn = now
        warnings.warn(
            f"KV budget low: {frac:.1%} free ({self.allocator.debug_print()})",
            LowKVBudgetWarning,
        )

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_warn()
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
