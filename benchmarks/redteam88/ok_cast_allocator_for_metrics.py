"""Decode backend that reports SWA allocator occupancy alongside its own state.

The allocator handle is ``cast`` to the SWA allocator only for the occupancy
gauges; which buffers the kernel reads is decided by the runner's KV pool.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional, Tuple, cast

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Attention backend for hybrid (full + sliding window) decoder layers."""

    def __init__(self, model_runner, report_occupancy: bool = True) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        raw_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_allocator: Optional[SWATokenToKVPoolAllocator] = None
        if isinstance(raw_allocator, SWATokenToKVPoolAllocator):
            self.swa_allocator = cast(SWATokenToKVPoolAllocator, raw_allocator)
        if report_occupancy:
            logger.info("kv occupancy at init: %s", self.occupancy())

    def occupancy(self) -> Dict[str, int]:
        if self.swa_allocator is None:
            return {}
        return {
            "swa_total": int(self.swa_allocator.size_swa),
            "swa_free": int(self.swa_allocator.swa_available_size()),
            "full_free": int(self.swa_allocator.full_available_size()),
        }

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
