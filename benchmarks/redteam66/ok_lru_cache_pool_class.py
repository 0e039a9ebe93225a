"""Decode backend that classifies the KV layout from the pool type.

``_windowed_pool_class`` is cached with ``functools.lru_cache`` so repeated
backend construction (one per CUDA-graph batch size) stays cheap.
"""

from __future__ import annotations

import functools
import logging
from typing import Tuple, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.lru_cache(maxsize=16)
def _windowed_pool_class(pool_cls: Type[KVCache]) -> bool:
    return issubclass(pool_cls, SWAKVPool)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend for hybrid full / sliding-window attention."""

    def __init__(self, model_runner, max_bs: int = 160):
        super().__init__()
        self.max_bs = max_bs
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.windowed = _windowed_pool_class(type(self.kv_pool))
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            # Capacity report only; the layout comes from the pool above.
            logger.info(
                "hybrid allocator: full=%d swa=%d",
                allocator.full_available_size(),
                allocator.swa_available_size(),
            )

    @staticmethod
    def _translate(pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
        return pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.windowed:
            return self.kv_pool, self._translate(self.kv_pool, loc)
        return self.kv_pool, loc
