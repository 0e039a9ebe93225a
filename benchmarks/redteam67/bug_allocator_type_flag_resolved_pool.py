"""Paged decode backend for models mixing full and sliding-window attention.

The KV pool comes from the runner (a draft runner keeps its own full-only pool).
Whether window-layer locations must be remapped is decided by the allocator type,
since the index mapping lives with the hybrid allocator.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, page_size: int = 1):
        super().__init__()
        self.page_size = page_size
        self.device = model_runner.device
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_kv_pool = pool if isinstance(pool, SWAKVPool) else None

        self.is_hybrid_swa = isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
        if self.is_hybrid_swa:
            logger.info(
                "Hybrid SWA decode enabled (%s)", self.token_to_kv_pool_allocator.debug_print()
            )

    def _remap(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_hybrid_swa:
            return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool or self.kv_pool
        return pool, self._remap(loc)
