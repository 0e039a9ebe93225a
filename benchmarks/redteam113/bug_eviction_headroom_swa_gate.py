"""Decode backend that reports eviction pressure for hybrid SWA serving.

Before each decode step the scheduler asks how many tokens the radix cache
must evict. When the allocator keeps a separate sliding-window free list the
backend reports both shortfalls and switches attention to windowed indices.
"""

import logging
from typing import NamedTuple

import torch

logger = logging.getLogger(__name__)


class EvictionShortfall(NamedTuple):
    full_tokens: int
    swa_tokens: int

    @property
    def any(self) -> bool:
        return self.full_tokens > 0 or self.swa_tokens > 0


class GeneratedAttnBackend:
    def __init__(self, model_runner, safety_margin: int = 0):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.safety_margin = safety_margin
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.has_window_freelist = hasattr(self.allocator, "swa_available_size")

    def eviction_shortfall(self, num_tokens: int) -> EvictionShortfall:
        need = num_tokens + self.safety_margin
        alloc = self.allocator
        if self.has_window_freelist:
            full_free = alloc.full_available_size()
            swa_free = alloc.swa_available_size()
        else:
            full_free = swa_free = alloc.available_size()
        shortfall = EvictionShortfall(max(0, need - full_free), max(0, need - swa_free))
        if shortfall.any:
            logger.debug("decode needs eviction: %s", shortfall)
        return shortfall

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.has_window_freelist:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
