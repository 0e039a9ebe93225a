"""Decode backend that classifies the cache layout once per allocator.

Classification is memoised because several backends (draft and target, prefill and decode)
are built against the same allocator during startup.
"""

from __future__ import annotations

import enum
import functools
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class PoolKind(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


@functools.lru_cache(maxsize=8)
def _classify(allocator) -> PoolKind:
    if isinstance(allocator.get_kvcache(), SWAKVPool):
        return PoolKind.HYBRID_SWA
    return PoolKind.FULL


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.kind = _classify(model_runner.token_to_kv_pool_allocator)
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        if self.kind is PoolKind.HYBRID_SWA:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
