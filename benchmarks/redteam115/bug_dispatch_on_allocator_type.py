"""Decode backend whose KV view is chosen through a dispatch table.

Each allocator family maps to a builder returning a ``(pool, remap)`` pair;
``forward_decode`` just applies the remap.
"""

from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

Remap = Callable[[torch.Tensor], torch.Tensor]
ViewBuilder = Callable[[object], Tuple[KVCache, Remap]]


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _full_view(mr) -> Tuple[KVCache, Remap]:
    return mr.token_to_kv_pool, _identity


def _hybrid_view(mr) -> Tuple[KVCache, Remap]:
    pool = mr.token_to_kv_pool_allocator.get_kvcache()
    return pool, pool.translate_loc_from_full_to_swa


_VIEW_BUILDERS: Dict[Type[BaseTokenToKVPoolAllocator], ViewBuilder] = {
    SWATokenToKVPoolAllocator: _hybrid_view,
}


def build_view(mr) -> Tuple[KVCache, Remap]:
    return _VIEW_BUILDERS.get(type(mr.token_to_kv_pool_allocator), _full_view)(mr)


class GeneratedAttnBackend:
    def __init__(self, model_runner, view_builder: ViewBuilder = build_view):
        self.pool, self.remap = view_builder(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.remap(loc)
