"""Decode backend with a lightweight KV usage gauge.

The gauge samples the allocator's free-slot counts (full and, when the
allocator exposes them, sliding-window counts) so that the scheduler log line
can show cache pressure next to the attention step. Layout selection is done
from the pool this runner reads.
"""

import logging
import time
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _KVUsageGauge:
    """Samples free-token counts from the allocator at most once per interval."""

    def __init__(self, allocator, interval_s: float = 5.0):
        self._allocator = allocator
        self._interval_s = interval_s
        self._last_ts = 0.0
        self.full_free: int = 0
        self.swa_free: Optional[int] = None

    def maybe_sample(self) -> bool:
        now = time.monotonic()
        if now - self._last_ts < self._interval_s:
            return False
        self._last_ts = now
        if hasattr(self._allocator, "full_available_size"):
            self.full_free = int(self._allocator.full_available_size())
            self.swa_free = int(self._allocator.swa_available_size())
        else:
            self.full_free = int(self._allocator.available_size())
            self.swa_free = None
        return True

    def describe(self) -> str:
        if self.swa_free is None:
            return f"full_free={self.full_free}"
        return f"full_free={self.full_free} swa_free={self.swa_free}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, gauge_interval_s: float = 5.0):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.gauge = _KVUsageGauge(
            model_runner.token_to_kv_pool_allocator, interval_s=gauge_interval_s
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.gauge.maybe_sample():
            logger.debug("decode kv gauge: %s", self.gauge.describe())
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
