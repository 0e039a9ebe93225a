"""Decode backend that plans KV reads from a per-step batch record."""

import logging
from dataclasses import dataclass, field
from typing import List, NamedTuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class StepBatch:
    out_cache_loc: torch.Tensor
    token_to_kv_pool: object
    seq_lens: List[int] = field(default_factory=list)


class KVReadPlan(NamedTuple):
    pool: object
    locations: torch.Tensor
    sliding: bool


def plan_kv_read(batch: StepBatch) -> KVReadPlan:
    pool = batch.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        locs = pool.translate_loc_from_full_to_swa(batch.out_cache_loc)
        return KVReadPlan(pool.swa_kv_pool, locs, True)
    return KVReadPlan(pool, batch.out_cache_loc, False)


class _StepBackendBase:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.last_plan = None

    def new_batch(self, loc: torch.Tensor) -> StepBatch:
        return StepBatch(out_cache_loc=loc, token_to_kv_pool=self.token_to_kv_pool)


class GeneratedAttnBackend(_StepBackendBase):
    def forward_decode(self, loc: torch.Tensor):
        batch = self.new_batch(loc)
        self.last_plan = plan_kv_read(batch)
        if self.allocator.available_size() < batch.out_cache_loc.numel():
            logger.warning("KV allocator running low: %d free", self.allocator.available_size())
        return self.last_plan.pool, self.last_plan.locations
