"""Backend that builds a frozen pool plan from the runner, filling the shared SWA cache only for runners that read the target's KV."""

from dataclasses import dataclass
from typing import Any, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class _PoolPlan:
    own: Any
    shared: Optional[Any]
    free_tokens: int

    @classmethod
    def from_runner(cls, mr) -> "_PoolPlan":
        allocator = mr.token_to_kv_pool_allocator
        shares_target = mr.is_draft_worker == False or mr.spec_algorithm.is_frozen_kv_mtp()
        return cls(
            own=mr.token_to_kv_pool,
            shared=allocator.get_kvcache() if shares_target else None,
            free_tokens=allocator.available_size(),
        )

    @property
    def swa(self) -> Optional[SWAKVPool]:
        for pool in (self.own, self.shared):
            if isinstance(pool, SWAKVPool):
                return pool
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.plan = _PoolPlan.from_runner(model_runner)

    def forward_decode(self, loc):
        swa = self.plan.swa
        if swa is None:
            return self.plan.own, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
