"""Paged decode backend for hybrid sliding-window models.

Ported from our in-house engine, where the block allocator owns the cache
layout. The allocator is kept as ``self.kv_allocator`` and the class check uses
a short local alias to keep the hot path readable.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator as SwaAlloc
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    """Decode-only backend that switches to the windowed cache when available."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.cache: KVCache = model_runner.token_to_kv_pool
        self.skip_prefill = skip_prefill
        self._windowed: Optional[KVCache] = None
        if isinstance(self.kv_allocator, SwaAlloc):
            self._windowed = self.kv_allocator.get_kvcache()
            logger.info("windowed KV enabled (swa slots=%d)", self.kv_allocator.size_swa)

    @property
    def uses_window(self) -> bool:
        return self._windowed is not None

    def _target_cache(self) -> KVCache:
        return self._windowed if self.uses_window else self.cache

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        cache = self._target_cache()
        if self.uses_window:
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return cache, loc
