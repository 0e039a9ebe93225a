"""Decode backend that snapshots runner facts into a dataclass and resolves its SWA pool from them."""

from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class RunnerFacts:
    own_pool: object
    allocator: object
    is_draft: bool = False
    frozen_kv: bool = False

    @classmethod
    def from_runner(cls, runner) -> "RunnerFacts":
        return cls(
            own_pool=runner.token_to_kv_pool,
            allocator=runner.token_to_kv_pool_allocator,
            is_draft=runner.is_draft_worker,
            frozen_kv=runner.spec_algorithm.is_frozen_kv_mtp(),
        )

    @property
    def may_use_target_kv(self) -> bool:
        return not self.is_draft or self.frozen_kv


def resolve_swa_pool(facts: RunnerFacts) -> Optional[SWAKVPool]:
    if isinstance(facts.own_pool, SWAKVPool):
        return facts.own_pool
    if not facts.may_use_target_kv:
        return None
    kvcache = facts.allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.facts = RunnerFacts.from_runner(model_runner)
        self.swa_pool = resolve_swa_pool(self.facts)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.facts.own_pool, loc
