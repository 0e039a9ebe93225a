"""Decode backend that keeps pool handles in a small ``CacheHandles`` record.

The allocator already exposes the full->SWA index translation, so the
backend uses it directly once it knows its own pool is a hybrid cache.
"""

from __future__ import annotations

from typing import NamedTuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class CacheHandles(NamedTuple):
    kv_pool: KVCache
    allocator: BaseTokenToKVPoolAllocator

    @property
    def hybrid(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)


def translate_decode_locations(handles: CacheHandles, loc: torch.Tensor) -> torch.Tensor:
    if not handles.hybrid:
        return loc
    return handles.allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_splits: int = 4):
        self.kv_splits = kv_splits
        self.handles = CacheHandles(
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.handles.kv_pool, translate_decode_locations(self.handles, loc)
