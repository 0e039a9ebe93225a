"""Decode backend that smooths allocator pressure over a rolling window.

The smoothed value only drives a warning; the decode layout is a property of
the pool attached to this runner.
"""

import logging
from collections import deque
from typing import Deque, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _PressureWindow:
    """Exponentially weighted + raw window of used-token fractions."""

    def __init__(self, capacity_tokens: int, size: int = 16, alpha: float = 0.2):
        self.capacity_tokens = max(1, capacity_tokens)
        self.raw: Deque[float] = deque(maxlen=size)
        self.alpha = alpha
        self.ewma: Optional[float] = None

    def update(self, available: int) -> float:
        used = 1.0 - available / self.capacity_tokens
        self.raw.append(used)
        self.ewma = used if self.ewma is None else self.alpha * used + (1 - self.alpha) * self.ewma
        return self.ewma

    @property
    def saturated(self) -> bool:
        return self.ewma is not None and self.ewma > 0.95


class GeneratedAttnBackend:
    def __init__(self, model_runner, window: int = 16):
        allocator = model_runner.token_to_kv_pool_allocator
        self.allocator = allocator
        self.window = _PressureWindow(int(allocator.size), size=window)
        pool = model_runner.token_to_kv_pool
        self.pool = pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        self.window.update(int(self.allocator.available_size()))
        if self.window.saturated:
            logger.warning("KV cache saturated; decode may stall on next alloc")
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
