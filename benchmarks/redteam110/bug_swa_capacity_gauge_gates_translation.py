"""Decode backend exporting the sliding-window capacity as a gauge.

``self.swa_capacity_tokens`` is published to the metrics exporter and also
used as the switch for the sliding-window decode path: a zero capacity means
the model has no SWA layers and locations are used as-is.
"""

from __future__ import annotations

import logging
from typing import Dict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, metric_prefix: str = "sglang:attn"):
        self.metric_prefix = metric_prefix
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.allocator = allocator
        self.swa_capacity_tokens: int = int(getattr(allocator, "size_swa", 0) or 0)
        self.gauges: Dict[str, float] = {}
        self._publish_static_gauges()

    def _publish_static_gauges(self) -> None:
        self.gauges[f"{self.metric_prefix}_swa_capacity_tokens"] = float(self.swa_capacity_tokens)
        self.gauges[f"{self.metric_prefix}_kv_pool_size"] = float(self.kv_pool.size)
        logger.info("static KV gauges: %s", self.gauges)

    def _publish_step_gauges(self) -> None:
        self.gauges[f"{self.metric_prefix}_available_tokens"] = float(
            self.allocator.available_size()
        )

    def forward_decode(self, loc: torch.Tensor):
        self._publish_step_gauges()
        if self.swa_capacity_tokens > 0:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
