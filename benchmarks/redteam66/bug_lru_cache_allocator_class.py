"""Decode backend that classifies the KV layout from the allocator type.

Layout classification is cached per class with ``functools.lru_cache`` since
the same allocator types are seen for every layer group.
"""

from __future__ import annotations

import functools
import logging
from typing import Tuple, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@functools.lru_cache(maxsize=None)
def _is_windowed_layout(allocator_cls: Type[BaseTokenToKVPoolAllocator]) -> bool:
    return issubclass(allocator_cls, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend for models mixing full and sliding-window layers."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.num_kv_splits = num_kv_splits
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = _is_windowed_layout(type(allocator))
        logger.info(
            "decode backend: windowed=%s, splits=%d (cache info %s)",
            self.windowed,
            num_kv_splits,
            _is_windowed_layout.cache_info(),
        )

    def _kernel_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.windowed:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._kernel_locations(loc)
