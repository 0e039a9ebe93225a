"""Chunked-prefill aware decode backend for hybrid window models.

The hybrid check accepts either the composite cache or its allocator, since
older call sites handed the allocator to backends in place of the pool.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_HYBRID_TYPES = (SWAKVPool, SWATokenToKVPoolAllocator)


def _is_hybrid(obj) -> bool:
    return isinstance(obj, _HYBRID_TYPES)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 0):
        self.max_context_len = max_context_len
        self.req_to_token = model_runner.req_to_token_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.hybrid = _is_hybrid(self.allocator) or _is_hybrid(self.kv_pool)
        logger.debug("chunked decode backend hybrid=%s", self.hybrid)

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.hybrid:
            return self.kv_pool, self._window_locations(loc)
        return self.kv_pool, loc
