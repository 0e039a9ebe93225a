"""Decode backend for hybrid sliding-window models with KV-cache occupancy gauges.

The window capacity reported by the allocator doubles as the switch for the
sliding-window read path, so the gauges and the kernel dispatch stay in sync.
"""

import logging
import time
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, metrics_interval_s: float = 5.0):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        swa_tokens: Optional[int] = getattr(self.allocator, "size_swa", None)
        self.use_sliding_window = swa_tokens is not None

        self.metrics_interval_s = metrics_interval_s
        self._last_emit = 0.0
        self.gauges: Dict[str, float] = {
            "kv_tokens_total": float(self.allocator.size),
            "kv_tokens_available": float(self.allocator.available_size()),
            "kv_swa_tokens_total": float(swa_tokens or 0),
        }

    def _refresh_gauges(self) -> None:
        now = time.monotonic()
        if now - self._last_emit < self.metrics_interval_s:
            return
        self._last_emit = now
        available = self.allocator.available_size()
        self.gauges["kv_tokens_available"] = float(available)
        total = max(self.gauges["kv_tokens_total"], 1.0)
        self.gauges["kv_usage_ratio"] = 1.0 - available / total
        logger.debug("kv gauges: %s", self.gauges)

    def forward_decode(self, loc: torch.Tensor):
        self._refresh_gauges()
        pool = self.token_to_kv_pool
        if self.use_sliding_window:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
