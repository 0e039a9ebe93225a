"""Decode backend that keeps a running count of occupied KV slots.

Usage is reported per half for hybrid allocators (the sliding-window half is
sized independently) and as a single number otherwise.
"""

from typing import Dict, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SlotUsage:
    def __init__(self, allocator):
        self.allocator = allocator
        self.split = isinstance(allocator, SWATokenToKVPoolAllocator)

    def snapshot(self) -> Dict[str, int]:
        a = self.allocator
        if self.split:
            return {
                "full_used": a.size_full - a.full_available_size(),
                "swa_used": a.size_swa - a.swa_available_size(),
            }
        return {"used": a.size - a.available_size()}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.usage = SlotUsage(model_runner.token_to_kv_pool_allocator)
        self.initial_usage = self.usage.snapshot()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.swa_kv_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
