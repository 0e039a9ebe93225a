"""Decode backend that exports free-slot gauges of the shared allocator alongside decoding."""

import logging
from dataclasses import dataclass, field
from typing import Dict

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SlotGauges:
    values: Dict[str, int] = field(default_factory=dict)

    def set(self, name: str, value: int) -> None:
        self.values[name] = int(value)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.gauges = SlotGauges()
        self.hybrid_allocator = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.windowed = isinstance(self.pool, SWAKVPool)
        self.sample_every = 64
        self._step = 0
        self._sample_gauges()

    def _sample_gauges(self) -> None:
        self.gauges.set("kv_free_tokens", self.allocator.available_size())
        if self.hybrid_allocator:
            # Both free lists are shared by every worker on this allocator.
            self.gauges.set("kv_free_full_tokens", self.allocator.full_available_size())
            self.gauges.set("kv_free_swa_tokens", self.allocator.swa_available_size())

    def forward_decode(self, loc):
        self._step += 1
        if self._step % self.sample_every == 0:
            self._sample_gauges()
            logger.debug("kv gauges: %s", self.gauges.values)
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
