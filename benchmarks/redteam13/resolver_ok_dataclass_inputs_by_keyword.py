"""Resolver that gathers its inputs in a frozen dataclass built with keyword arguments."""

from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class SWAInputs:
    active_pool: object
    shared_kvcache: object
    is_draft: bool
    frozen_kv: bool

    def resolve(self) -> Optional[SWAKVPool]:
        if isinstance(self.active_pool, SWAKVPool):
            return self.active_pool
        if self.is_draft and not self.frozen_kv:
            return None
        if isinstance(self.shared_kvcache, SWAKVPool):
            return self.shared_kvcache
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        inputs = SWAInputs(
            active_pool=model_runner.token_to_kv_pool,
            shared_kvcache=model_runner.token_to_kv_pool_allocator.get_kvcache(),
            is_draft=model_runner.is_draft_worker,
            frozen_kv=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
        self._swa_kv_pool = inputs.resolve()

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
