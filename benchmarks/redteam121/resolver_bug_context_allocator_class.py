"""Memory context with an allocator-driven SWA resolver.

The hybrid allocator is the component that knows about the two index spaces,
so ``SWAResolver`` keys off its type and hands back the hybrid cache it manages.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class MemoryHandles(NamedTuple):
    pool: KVCache
    allocator: BaseTokenToKVPoolAllocator


class SWAResolver:
    def __init__(self, handles: MemoryHandles):
        self._handles = handles

    def __call__(self) -> Optional[SWAKVPool]:
        allocator = self._handles.allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            return allocator.get_kvcache()
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, resolver_cls: type = SWAResolver):
        self.handles = MemoryHandles(
            pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
        )
        self.swa_pool = resolver_cls(self.handles)()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.handles.pool, loc
