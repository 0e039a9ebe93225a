"""Backend configured from a small SWA plan record that a factory builds from the model runner."""

from dataclasses import dataclass
from typing import Any, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class SWAPlan:
    pool: Any
    swa_pool: Optional[Any]

    @classmethod
    def from_runner(cls, runner) -> "SWAPlan":
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return cls(pool, pool)
        allow_target = not (runner.is_draft_worker and runner.spec_algorithm.is_none())
        candidate = runner.token_to_kv_pool_allocator.get_kvcache() if allow_target else None
        return cls(pool, candidate if isinstance(candidate, SWAKVPool) else None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.plan = SWAPlan.from_runner(model_runner)

    def forward_decode(self, loc):
        plan = self.plan
        if plan.swa_pool is None:
            return plan.pool, loc
        return plan.swa_pool, plan.swa_pool.translate_loc_from_full_to_swa(loc)
