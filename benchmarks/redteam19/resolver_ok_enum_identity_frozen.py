"""Resolver whose draft skip compares spec_algorithm with SpeculativeAlgorithm.FROZEN_KV_MTP before falling back to the allocator's kvcache."""

from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


@dataclass
class _RunnerRole:
    is_draft: bool
    reads_target_kv: bool

    @classmethod
    def of(cls, model_runner) -> "_RunnerRole":
        return cls(
            is_draft=bool(model_runner.is_draft_worker),
            reads_target_kv=model_runner.spec_algorithm is SpeculativeAlgorithm.FROZEN_KV_MTP,
        )


def _resolve(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    role = _RunnerRole.of(model_runner)
    if role.is_draft and not role.reads_target_kv:
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.own_pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.own_pool, loc
