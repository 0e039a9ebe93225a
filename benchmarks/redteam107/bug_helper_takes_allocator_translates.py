"""Decode backend returning a ``DecodeTarget`` from small pure helpers.

``plan_decode`` takes the KV pool and the allocator as plain arguments so it
can be exercised in isolation from the runner.
"""

from __future__ import annotations

from typing import NamedTuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


class DecodeTarget(NamedTuple):
    pool: KVCache
    locations: torch.Tensor


def uses_sliding_window(allocator: BaseTokenToKVPoolAllocator) -> bool:
    return isinstance(allocator, SWATokenToKVPoolAllocator)


def plan_decode(
    kv_pool: KVCache, allocator: BaseTokenToKVPoolAllocator, loc: torch.Tensor
) -> DecodeTarget:
    if uses_sliding_window(allocator):
        loc = allocator.translate_loc_from_full_to_swa(loc)
    return DecodeTarget(kv_pool, loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_deterministic: bool = False):
        self.enable_deterministic = enable_deterministic
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc: torch.Tensor):
        target = plan_decode(self.kv_pool, self.allocator, loc)
        return target.pool, target.locations
