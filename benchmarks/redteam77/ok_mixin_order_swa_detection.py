"""Decode backend assembled from SWA-detection mixins.

Allocator-type detection is kept for the scheduler's capacity reporting;
the attention backend lists the pool-type detector first so it governs
``_swa_enabled`` for the decode path.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class AllocatorSWADetectMixin:
    """Detect hybrid SWA from the token allocator type."""

    def _swa_enabled(self) -> bool:
        return isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def swa_capacity_summary(self) -> str:
        alloc = self.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            return f"full={alloc.size_full} swa={alloc.size_swa}"
        return f"full={alloc.size}"


class PoolSWADetectMixin:
    """Detect hybrid SWA from the KV pool type."""

    def _swa_enabled(self) -> bool:
        return isinstance(self.token_to_kv_pool, SWAKVPool)


class _DecodeBase(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window = self._swa_enabled()

    def _swa_enabled(self) -> bool:
        return False

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.use_sliding_window:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc


class GeneratedAttnBackend(PoolSWADetectMixin, AllocatorSWADetectMixin, _DecodeBase):
    """Hybrid SWA decode backend."""

    def __init__(self, model_runner):
        super().__init__(model_runner)
        logger.info(
            "decode backend: swa=%s (%s)", self.use_sliding_window, self.swa_capacity_summary()
        )
