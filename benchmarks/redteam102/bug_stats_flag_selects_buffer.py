"""FlashInfer-like decode backend with KV occupancy gauges.

The gauges mirror what the scheduler prints in its periodic stats line so that
per-backend dashboards can show sliding-window headroom next to step latency.
"""

import logging
import time
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, stats_interval_s: float = 10.0):
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        allocator = self.token_to_kv_pool_allocator

        self._swa_stats_enabled = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.swa_window_tokens: Optional[int] = (
            allocator.size_swa if self._swa_stats_enabled else None
        )
        self.pool = model_runner.token_to_kv_pool
        self._stats_interval_s = stats_interval_s
        self._last_report = 0.0

    def kv_gauges(self) -> Dict[str, float]:
        allocator = self.token_to_kv_pool_allocator
        out = {"kv_available": float(allocator.available_size())}
        if self._swa_stats_enabled:
            out["swa_available"] = float(allocator.swa_available_size())
            out["swa_capacity"] = float(self.swa_window_tokens)
        return out

    def _maybe_report(self) -> None:
        now = time.monotonic()
        if now - self._last_report >= self._stats_interval_s:
            self._last_report = now
            logger.debug("kv gauges: %s", self.kv_gauges())

    def _decode_pool(self):
        if self._swa_stats_enabled:
            return self.token_to_kv_pool_allocator.get_kvcache()
        return self.pool

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_report()
        pool = self._decode_pool()
        if self._swa_stats_enabled:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
