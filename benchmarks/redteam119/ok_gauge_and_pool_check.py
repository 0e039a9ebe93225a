"""Decode backend that gates window mapping on both pool type and gauge.

The window gauge only exists when the allocator tracks SWA counts; window
mapping additionally requires the backend's own pool to be a hybrid pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _WindowGauge:
    def __init__(self, allocator):
        self._allocator = allocator
        self.has_window_region = hasattr(allocator, "swa_available_size")
        self.value: Optional[float] = None

    def read(self) -> Optional[float]:
        if not self.has_window_region:
            return None
        total = max(1, int(getattr(self._allocator, "size_swa", 1)))
        self.value = 1.0 - int(self._allocator.swa_available_size()) / total
        return self.value


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.gauge = _WindowGauge(self.allocator)
        self.use_window = isinstance(self.pool, SWAKVPool) and self.gauge.has_window_region
        if isinstance(self.pool, SWAKVPool) and not self.use_window:
            logger.warning("hybrid pool without window counters; gauge disabled")

    def forward_decode(self, loc: torch.Tensor):
        usage = self.gauge.read()
        if usage is not None and usage > 0.9:
            logger.warning("window region %.0f%% full", usage * 100)
        if self.use_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
