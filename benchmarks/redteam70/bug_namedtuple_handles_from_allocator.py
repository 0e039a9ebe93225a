"""Decode backend that bundles its KV handles into a small record.

``KVHandles.from_allocator`` builds the record from the token allocator: the
allocator is the single owner of the cache it indexes, so the pool it exposes
is taken as the pool to read from.
"""

from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVHandles(NamedTuple):
    allocator: BaseTokenToKVPoolAllocator
    pool: KVCache

    @classmethod
    def from_allocator(cls, allocator: BaseTokenToKVPoolAllocator) -> "KVHandles":
        return cls(allocator=allocator, pool=allocator.get_kvcache())

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.pool if isinstance(self.pool, SWAKVPool) else None

    def free_slots(self) -> int:
        return self.allocator.available_size()


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 256):
        self.max_bs = max_bs
        self.device = model_runner.device
        self.handles = KVHandles.from_allocator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.handles.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.handles.pool, loc
