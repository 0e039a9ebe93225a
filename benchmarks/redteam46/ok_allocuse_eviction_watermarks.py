"""Sliding-window backend that tracks eviction watermarks on the shared KV allocator."""

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

HIGH_WATERMARK = 0.9
LOW_WATERMARK = 0.7


@dataclass(frozen=True)
class Watermarks:
    high: int
    low: int

    @classmethod
    def for_capacity(cls, capacity: int) -> "Watermarks":
        return cls(high=int(capacity * HIGH_WATERMARK), low=int(capacity * LOW_WATERMARK))


def _pool_is_windowed(pool) -> bool:
    return issubclass(type(pool), SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._alloc = model_runner.token_to_kv_pool_allocator
        swa_cap = getattr(self._alloc, "size_swa", None)
        self.full_marks = Watermarks.for_capacity(int(self._alloc.size_full))
        self.swa_marks = Watermarks.for_capacity(int(swa_cap)) if swa_cap else None
        self.sliding = _pool_is_windowed(self.pool)
        self.evictions_requested = 0

    def _used(self, capacity: int, free: int) -> int:
        return max(capacity - free, 0)

    def needs_eviction(self) -> bool:
        full_used = self._used(self._alloc.size_full, self._alloc.available_size())
        if full_used >= self.full_marks.high:
            return True
        if self.swa_marks is not None and hasattr(self._alloc, "swa_available_size"):
            swa_used = self._used(self._alloc.size_swa, self._alloc.swa_available_size())
            return swa_used >= self.swa_marks.high
        return False

    def forward_decode(self, loc):
        if self.needs_eviction():
            self.evictions_requested += 1
            logger.info("KV usage above high watermark; eviction requested")
        if self.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
