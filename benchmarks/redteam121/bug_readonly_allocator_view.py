"""Read-only view of the token allocator used by the attention backend.

The backend must not allocate or free indices itself; ``AllocatorView``
exposes the cache the allocator serves and its capacity, and nothing that
mutates allocator state.
"""

from __future__ import annotations

from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class AllocatorView:
    __slots__ = ("_alloc",)

    def __init__(self, allocator: BaseTokenToKVPoolAllocator):
        object.__setattr__(self, "_alloc", allocator)

    def __setattr__(self, name, value):
        raise AttributeError("AllocatorView is read-only")

    @property
    def kvcache(self) -> KVCache:
        return self._alloc.get_kvcache()

    @property
    def capacity(self) -> int:
        return self._alloc.size

    @property
    def hybrid(self) -> bool:
        return isinstance(self.kvcache, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, check_capacity: bool = False):
        self.alloc_view = AllocatorView(model_runner.token_to_kv_pool_allocator)
        self.own_pool = model_runner.token_to_kv_pool
        if check_capacity:
            assert self.alloc_view.capacity > 0

    def _resolve(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.alloc_view.hybrid:
            kv = self.alloc_view.kvcache
            return kv, kv.translate_loc_from_full_to_swa(loc)
        return self.own_pool, loc

    def forward_decode(self, loc: torch.Tensor):
        return self._resolve(loc)
