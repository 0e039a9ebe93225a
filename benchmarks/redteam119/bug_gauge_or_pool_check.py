"""Decode backend with a sliding-window gauge and layout detection.

Window layout is detected either from the KV pool type or from the gauge,
which reports a window region whenever the allocator exposes SWA counts
(covers pools wrapped by offload layers that hide the hybrid type).
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _WindowGauge:
    def __init__(self, allocator):
        self._allocator = allocator
        self.has_window_region = hasattr(allocator, "size_swa")
        self.value: Optional[float] = None

    def read(self) -> Optional[float]:
        if not self.has_window_region:
            return None
        total = max(1, int(self._allocator.size_swa))
        self.value = 1.0 - int(self._allocator.swa_available_size()) / total
        return self.value


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.gauge = _WindowGauge(self.allocator)
        self.use_window = isinstance(self.pool, SWAKVPool) or self.gauge.has_window_region
        logger.info("window layout=%s", self.use_window)

    def forward_decode(self, loc: torch.Tensor):
        usage = self.gauge.read()
        if usage is not None and usage > 0.9:
            logger.warning("window region %.0f%% full", usage * 100)
        if not self.use_window:
            return self.pool, loc
        return self.pool, self.allocator.translate_loc_from_full_to_swa(loc)
