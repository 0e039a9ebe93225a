"""FlashInfer-like decode backend with KV occupancy gauges.

The gauges mirror what the scheduler prints in its periodic stats line so that
per-backend dashboards can show sliding-window headroom next to step latency.
"""

import logging
import time
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, stats_interval_s: float = 10.0):
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        allocator = self.token_to_kv_pool_allocator

        # Gauges only: these are reported, never used to choose a buffer.
        self.is_swa_allocator = hasattr(allocator, "size_swa")
        self.swa_window_tokens: Optional[int] = (
            allocator.size_swa if self.is_swa_allocator else None
        )
        self.swa_full_ratio: Optional[float] = (
            allocator.size_swa / max(allocator.size_full, 1) if self.is_swa_allocator else None
        )

        pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.pool = pool
        self._stats_interval_s = stats_interval_s
        self._last_report = 0.0

    def kv_gauges(self) -> Dict[str, float]:
        allocator = self.token_to_kv_pool_allocator
        out = {"kv_available": float(allocator.available_size())}
        if self.is_swa_allocator:
            out["swa_available"] = float(allocator.swa_available_size())
            out["swa_capacity"] = float(self.swa_window_tokens)
            out["swa_full_ratio"] = float(self.swa_full_ratio)
        return out

    def _maybe_report(self) -> None:
        now = time.monotonic()
        if now - self._last_report >= self._stats_interval_s:
            self._last_report = now
            logger.debug("kv gauges: %s", self.kv_gauges())

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_report()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
