"""Backend that classifies KV ownership with an Enum classmethod and borrows the allocator's pool only when ownership allows."""

import enum
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

_PRIVATE_KV_DRAFTS = frozenset({SpeculativeAlgorithm.EAGLE3, SpeculativeAlgorithm.STANDALONE})


class _KVOwnership(enum.Enum):
    TARGET = enum.auto()
    SHARED_DRAFT = enum.auto()
    PRIVATE_DRAFT = enum.auto()

    @classmethod
    def of(cls, model_runner) -> "_KVOwnership":
        if not model_runner.is_draft_worker:
            return cls.TARGET
        if model_runner.spec_algorithm in _PRIVATE_KV_DRAFTS:
            return cls.PRIVATE_DRAFT
        return cls.SHARED_DRAFT

    @property
    def may_borrow(self) -> bool:
        return self is not _KVOwnership.PRIVATE_DRAFT


def _swa_pool_for(model_runner, ownership: _KVOwnership) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if not ownership.may_borrow:
        return None
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.ownership = _KVOwnership.of(model_runner)
        self.swa_pool = _swa_pool_for(model_runner, self.ownership)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
