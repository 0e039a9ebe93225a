"""Decode backend for hybrid sliding-window models with KV-cache occupancy gauges.

The gauges are refreshed from the token allocator once per decode step so that the
scheduler dashboard can show full/window headroom next to the attention timings.
"""

import logging
import time
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, metrics_interval_s: float = 5.0):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

        self.metrics_interval_s = metrics_interval_s
        self._last_emit = 0.0
        self.gauges: Dict[str, float] = {
            "kv_tokens_total": float(self.allocator.size),
            "kv_tokens_available": float(self.allocator.available_size()),
            "kv_swa_tokens_total": float(getattr(self.allocator, "size_swa", 0)),
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
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
