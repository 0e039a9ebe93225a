"""Resolver building a SWAPoolSource dataclass in a classmethod; reads_target_kv is (not draft) or FROZEN_KV MTP."""

from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class SWAPoolSource:
    own_pool: object
    reads_target_kv: bool
    allocator: object

    @classmethod
    def from_model_runner(cls, model_runner) -> "SWAPoolSource":
        frozen_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
        return cls(
            own_pool=model_runner.token_to_kv_pool,
            reads_target_kv=(not model_runner.is_draft_worker) or frozen_kv,
            allocator=model_runner.token_to_kv_pool_allocator,
        )

    def resolve(self) -> Optional[SWAKVPool]:
        if isinstance(self.own_pool, SWAKVPool):
            return self.own_pool
        if not self.reads_target_kv:
            return None
        kvcache = self.allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = SWAPoolSource.from_model_runner(model_runner).resolve()

    def forward_decode(self, loc):
        pool = self._swa_kv_pool
        return (
            (pool, pool.translate_loc_from_full_to_swa(loc))
            if pool
            else (self.token_to_kv_pool, loc)
        )
