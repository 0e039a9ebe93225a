"""Backend that resolves its sliding-window pool into a frozen plan dataclass through guard clauses in a classmethod."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class _PoolPlan:
    swa_pool: Optional[SWAKVPool]
    source: str

    @classmethod
    def resolve(cls, model_runner) -> "_PoolPlan":
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return cls(active, "active")
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            return cls(None, "draft-own")
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return cls(shared, "allocator")
        return cls(None, "none")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.plan = _PoolPlan.resolve(model_runner)

    def forward_decode(self, loc):
        swa_pool = self.plan.swa_pool
        if swa_pool is None:
            return self.pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
