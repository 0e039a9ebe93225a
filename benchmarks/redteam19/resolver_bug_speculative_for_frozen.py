"""Resolver that tests is_speculative() where it means is_frozen_kv_mtp(), so an EAGLE draft is treated as sharing the target's SWA kvcache."""

from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _RunnerRole:
    is_draft: bool
    reads_target_kv: bool

    @classmethod
    def of(cls, model_runner) -> "_RunnerRole":
        spec = model_runner.spec_algorithm
        return cls(
            is_draft=bool(model_runner.is_draft_worker),
            reads_target_kv=spec.is_speculative(),
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
