"""Decode layout selection for hybrid full/sliding-window KV caches.

``allocator.size`` reports the tighter of the two capacities on hybrid allocators,
while ``size_full`` is the full-attention capacity; a gap between them means the
window region is the binding constraint and decode reads from the hybrid cache.
"""

from typing import NamedTuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


class DecodeLayout(NamedTuple):
    token_capacity: int
    full_capacity: int
    window_limited: bool
    kv_pool: KVCache


def select_decode_layout(model_runner) -> DecodeLayout:
    allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
    token_capacity = int(allocator.size)
    full_capacity = int(allocator.size_full)
    window_limited = token_capacity < full_capacity
    kv_pool = allocator.get_kvcache() if window_limited else model_runner.token_to_kv_pool
    return DecodeLayout(token_capacity, full_capacity, window_limited, kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_num_reqs: int = 256):
        self.layout = select_decode_layout(model_runner)
        self.max_num_reqs = min(max_num_reqs, self.layout.token_capacity)
        self.seq_lens = torch.zeros(self.max_num_reqs, dtype=torch.int32)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.layout.kv_pool
        if self.layout.window_limited:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
