"""Decode backend with a per-layout strategy table.

Strategies are registered in a dict keyed by the allocator class; unknown
allocator types fall back to the dense strategy.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator, TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

Strategy = Callable[["GeneratedAttnBackend", torch.Tensor], Tuple[KVCache, torch.Tensor]]


def _dense_decode(backend: "GeneratedAttnBackend", loc: torch.Tensor):
    return backend.kv_pool, loc


def _windowed_decode(backend: "GeneratedAttnBackend", loc: torch.Tensor):
    allocator = backend.allocator
    return allocator.get_kvcache(), allocator.translate_loc_from_full_to_swa(loc)


_DECODE_STRATEGIES: Dict[Type[BaseTokenToKVPoolAllocator], Strategy] = {
    TokenToKVPoolAllocator: _dense_decode,
    SWATokenToKVPoolAllocator: _windowed_decode,
}


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend dispatching on the KV layout."""

    def __init__(self, model_runner, strategies: Dict = None):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        table = strategies or _DECODE_STRATEGIES
        self._strategy = table.get(type(self.allocator), _dense_decode)
        logger.debug("decode strategy: %s", self._strategy.__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._strategy(self, loc)
