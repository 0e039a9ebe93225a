"""Decode backend with memoised memory-layout probing.

``_memory_layout`` is memoised per backend instance via ``functools.lru_cache``
on the method (the instance is part of the cache key), so the probe runs once
per backend rather than once per decode step.
"""

from __future__ import annotations

import functools
import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

FULL = "full"
HYBRID_SWA = "hybrid_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 256):
        self.model_runner = model_runner
        self.max_bs = max_bs

    @functools.lru_cache(maxsize=None)
    def _memory_layout(self) -> str:
        allocator = self.model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            return HYBRID_SWA
        return FULL

    @functools.lru_cache(maxsize=None)
    def _kv_source(self) -> KVCache:
        if self._memory_layout() == HYBRID_SWA:
            return self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self._kv_source()
        if self._memory_layout() == HYBRID_SWA:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
