"""Decode attention backend that also reports an admission budget.

The scheduler asks the backend how many new decode tokens it can admit this
step. For hybrid allocators the sliding-window side is usually the tighter
one, so we take the minimum of both halves when the allocator reports them.
"""

from dataclasses import dataclass
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeBudget:
    full_tokens: int
    swa_tokens: int

    @property
    def admissible(self) -> int:
        return min(self.full_tokens, self.swa_tokens)


class GeneratedAttnBackend:
    def __init__(self, model_runner, reserve_tokens: int = 0):
        self.reserve_tokens = reserve_tokens
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool

    def decode_budget(self) -> DecodeBudget:
        alloc = self.token_to_kv_pool_allocator
        full = alloc.available_size()
        if hasattr(alloc, "swa_available_size"):
            swa = alloc.swa_available_size()
        else:
            swa = full
        return DecodeBudget(
            full_tokens=max(full - self.reserve_tokens, 0),
            swa_tokens=max(swa - self.reserve_tokens, 0),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
