"""Decode backend exporting Prometheus-style gauges for KV occupancy.

Gauges are plain floats refreshed on every decode step; the exporter thread
scrapes ``gauges()``. SWA-specific counters are reported when the allocator
exposes them.
"""

import time
from typing import Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _Gauge:
    def __init__(self, name: str, help_text: str):
        self.name = name
        self.help_text = help_text
        self.value = 0.0
        self.updated_at = 0.0

    def set(self, value: float) -> None:
        self.value = float(value)
        self.updated_at = time.monotonic()


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_metrics: bool = True):
        self.enable_metrics = enable_metrics
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_kv_pool = pool if isinstance(pool, SWAKVPool) else None

        self._free_tokens = _Gauge("sglang_kv_free_tokens", "Free KV tokens")
        self._free_swa_tokens = _Gauge("sglang_kv_free_swa_tokens", "Free SWA KV tokens")

    def _refresh_gauges(self) -> None:
        if not self.enable_metrics:
            return
        self._free_tokens.set(self.allocator.available_size())
        swa_free = getattr(self.allocator, "swa_available_size", None)
        if callable(swa_free):
            self._free_swa_tokens.set(swa_free())

    def gauges(self) -> Dict[str, float]:
        return {g.name: g.value for g in (self._free_tokens, self._free_swa_tokens)}

    def forward_decode(self, loc: torch.Tensor):
        self._refresh_gauges()
        swa = self.swa_kv_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
