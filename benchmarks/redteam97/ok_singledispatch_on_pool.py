"""Decode index planning via ``functools.singledispatch`` on the KV pool.

``plan_decode_indices`` dispatches on the pool the backend reads, so each
pool family describes how full-cache locations map onto its buffers.
"""

import functools
from typing import NamedTuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodePlan(NamedTuple):
    pool: KVCache
    indices: torch.Tensor


@functools.singledispatch
def plan_decode_indices(pool, loc: torch.Tensor) -> DecodePlan:
    return DecodePlan(pool, loc)


@plan_decode_indices.register
def _(pool: SWAKVPool, loc: torch.Tensor) -> DecodePlan:
    return DecodePlan(pool, pool.translate_loc_from_full_to_swa(loc))


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head_splits: int = 1):
        self.num_head_splits = num_head_splits
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.last_plan = None

    def release(self, loc: torch.Tensor) -> None:
        self.allocator.free(loc)

    def forward_decode(self, loc: torch.Tensor):
        plan = plan_decode_indices(self.pool, loc)
        self.last_plan = plan
        return plan.pool, plan.indices
