"""Decode backend that bundles its KV handles into a small record.

``KVHandles`` travels to the kernels wrapper and the eviction hooks, so both
the allocator (for frees and accounting) and the pool (for reads) live in it.
"""

from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVHandles(NamedTuple):
    allocator: BaseTokenToKVPoolAllocator
    pool: KVCache
    page_size: int

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.pool if isinstance(self.pool, SWAKVPool) else None

    def free_slots(self) -> int:
        return self.allocator.available_size()

    def release(self, indices: torch.Tensor) -> None:
        if indices.numel():
            self.allocator.free(indices)

    def describe(self) -> str:
        return (
            f"pool={type(self.pool).__name__} allocator={type(self.allocator).__name__} "
            f"page_size={self.page_size} {self.allocator.debug_print()}"
        )


def make_handles(model_runner) -> KVHandles:
    return KVHandles(
        allocator=model_runner.token_to_kv_pool_allocator,
        pool=model_runner.token_to_kv_pool,
        page_size=model_runner.page_size,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, handles_factory=make_handles):
        self.handles = handles_factory(model_runner)
        self.description = self.handles.describe()

    def forward_decode(self, loc: torch.Tensor):
        swa = self.handles.swa_pool
        if swa is None:
            return self.handles.pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
