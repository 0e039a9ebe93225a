"""Attention backend with a memory-pressure watermark that asks the radix cache to evict early."""

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_HIGH_WATERMARK = 0.92


@dataclass
class PressurePolicy:
    allocator: object
    windowed: bool
    watermark: float = _HIGH_WATERMARK

    @classmethod
    def for_allocator(cls, allocator) -> "PressurePolicy":
        return cls(allocator, isinstance(allocator, SWATokenToKVPoolAllocator))

    def usage(self) -> float:
        a = self.allocator
        if self.windowed:
            full = 1.0 - a.full_available_size() / max(a.size_full, 1)
            swa = 1.0 - a.swa_available_size() / max(a.size_swa, 1)
            return max(full, swa)
        return 1.0 - a.available_size() / max(a.size, 1)

    def should_evict(self) -> bool:
        return self.usage() >= self.watermark


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.policy = PressurePolicy.for_allocator(model_runner.token_to_kv_pool_allocator)
        match self.pool:
            case SWAKVPool():
                self.sliding_window_kv = True
            case _:
                self.sliding_window_kv = False
        self._warned = False

    def maybe_warn_pressure(self):
        if self.policy.should_evict() and not self._warned:
            logger.warning("KV usage %.2f above watermark", self.policy.usage())
            self._warned = True

    def forward_decode(self, loc):
        self.maybe_warn_pressure()
        if self.sliding_window_kv:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
