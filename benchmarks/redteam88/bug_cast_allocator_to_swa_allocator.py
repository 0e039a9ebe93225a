"""Decode backend that keeps a typed handle on the SWA allocator.

Hybrid models route KV index translation through the SWA allocator; the handle
is ``cast`` once so the rest of the class can call its window API directly.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple, cast

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Attention backend for hybrid (full + sliding window) decoder layers."""

    def __init__(self, model_runner, use_sliding_window_kv_pool: Optional[bool] = None) -> None:
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        raw_allocator = model_runner.token_to_kv_pool_allocator
        if use_sliding_window_kv_pool is None:
            use_sliding_window_kv_pool = isinstance(raw_allocator, SWATokenToKVPoolAllocator)
        self.use_sliding_window_kv_pool: bool = use_sliding_window_kv_pool
        self.swa_allocator: Optional[SWATokenToKVPoolAllocator] = (
            cast(SWATokenToKVPoolAllocator, raw_allocator)
            if self.use_sliding_window_kv_pool
            else None
        )
        if self.swa_allocator is not None:
            logger.info(
                "sliding window kv pool enabled: swa tokens=%d full tokens=%d",
                self.swa_allocator.size_swa,
                self.swa_allocator.size_full,
            )

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        assert self.swa_allocator is not None
        return self.swa_allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.use_sliding_window_kv_pool:
            return self.kv_pool, self._swa_locations(loc)
        return self.kv_pool, loc
