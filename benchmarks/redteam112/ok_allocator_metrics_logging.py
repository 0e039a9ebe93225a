"""FlashInfer-style decode wrapper with KV occupancy reporting.

Emits per-step occupancy of the token allocator for the scheduler's metrics
exporter, and routes sliding-window layers to the SWA sub-pool.
"""

import logging
import time
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_LOG_INTERVAL_S = 30.0


class KVOccupancyReporter:
    """Tracks allocator occupancy; purely informational."""

    def __init__(self, allocator):
        self.allocator = allocator
        self._last_log = 0.0

    def snapshot(self) -> Dict[str, float]:
        stats = {"available": float(self.allocator.available_size())}
        if hasattr(self.allocator, "swa_available_size"):
            stats["swa_available"] = float(self.allocator.swa_available_size())
        return stats

    def maybe_log(self) -> None:
        now = time.monotonic()
        if now - self._last_log < _LOG_INTERVAL_S:
            return
        self._last_log = now
        logger.info("kv occupancy: %s | %s", self.snapshot(), self.allocator.debug_print())


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_metrics: bool = True):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.reporter: Optional[KVOccupancyReporter] = (
            KVOccupancyReporter(model_runner.token_to_kv_pool_allocator) if enable_metrics else None
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.reporter is not None:
            self.reporter.maybe_log()
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
