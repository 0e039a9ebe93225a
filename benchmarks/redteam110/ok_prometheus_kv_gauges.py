"""Decode backend with Prometheus-style KV cache gauges.

Gauges are refreshed once per decode step from the token allocator's free
counters so dashboards can show full vs. sliding-window headroom side by side.
The buffers read by the kernels come from the runner's active KV pool.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _Gauge:
    """Minimal in-process gauge compatible with the metrics exporter."""

    def __init__(self, name: str, documentation: str):
        self.name = name
        self.documentation = documentation
        self.value: float = 0.0

    def set(self, value: float) -> None:
        self.value = float(value)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, enable_metrics: bool = True):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.enable_metrics = enable_metrics
        self.gauges: Dict[str, _Gauge] = {
            "available": _Gauge("sglang:kv_available_tokens", "Free KV slots"),
            "full_available": _Gauge("sglang:kv_full_available_tokens", "Free full slots"),
            "swa_available": _Gauge("sglang:kv_swa_available_tokens", "Free SWA slots"),
        }

    def refresh_gauges(self) -> Dict[str, float]:
        alloc = self.token_to_kv_pool_allocator
        self.gauges["available"].set(alloc.available_size())
        if hasattr(alloc, "swa_available_size"):
            self.gauges["full_available"].set(alloc.full_available_size())
            self.gauges["swa_available"].set(alloc.swa_available_size())
        return {g.name: g.value for g in self.gauges.values()}

    def forward_decode(self, loc: torch.Tensor):
        if self.enable_metrics:
            self.refresh_gauges()
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
