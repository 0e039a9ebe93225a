"""Decode backend with a small capacity planner for CUDA-graph batch sizing.

The planner converts allocator free counts into a per-step headroom figure
and answers ``can_admit``; it never touches KV buffers.
"""

from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class CapacityPlanner:
    allocator: BaseTokenToKVPoolAllocator
    page_size: int
    reserve_tokens: int = 64

    def headroom(self) -> int:
        return int(self.allocator.available_size()) - self.reserve_tokens

    def swa_headroom(self) -> int:
        fn = getattr(self.allocator, "swa_available_size", None)
        return int(fn()) - self.reserve_tokens if fn is not None else self.headroom()

    def can_admit(self, num_tokens: int) -> bool:
        pages = (num_tokens + self.page_size - 1) // self.page_size
        need = pages * self.page_size
        return need <= min(self.headroom(), self.swa_headroom())


class GeneratedAttnBackend:
    def __init__(self, model_runner, reserve_tokens: int = 64):
        self.planner = CapacityPlanner(
            allocator=model_runner.token_to_kv_pool_allocator,
            page_size=model_runner.page_size,
            reserve_tokens=reserve_tokens,
        )
        pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool = pool
        self.is_swa = isinstance(pool, SWAKVPool)

    @property
    def capacity_ok(self) -> bool:
        return self.planner.can_admit(1)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.is_swa:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
