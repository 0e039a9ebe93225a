"""Decode index planning via ``functools.singledispatch``.

``plan_decode_indices`` dispatches on the allocator so each allocator family
can describe how its indices map onto KV buffers.
"""

import functools
from typing import NamedTuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


class DecodePlan(NamedTuple):
    pool: KVCache
    indices: torch.Tensor


@functools.singledispatch
def plan_decode_indices(allocator, pool: KVCache, loc: torch.Tensor) -> DecodePlan:
    return DecodePlan(pool, loc)


@plan_decode_indices.register
def _(allocator: BaseTokenToKVPoolAllocator, pool: KVCache, loc: torch.Tensor) -> DecodePlan:
    return DecodePlan(pool, loc)


@plan_decode_indices.register
def _(allocator: SWATokenToKVPoolAllocator, pool: KVCache, loc: torch.Tensor) -> DecodePlan:
    swa_pool = allocator.get_kvcache()
    return DecodePlan(swa_pool, swa_pool.translate_loc_from_full_to_swa(loc))


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head_splits: int = 1):
        self.num_head_splits = num_head_splits
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.last_plan = None

    def forward_decode(self, loc: torch.Tensor):
        plan = plan_decode_indices(self.allocator, self.pool, loc)
        self.last_plan = plan
        return plan.pool, plan.indices
