"""Decode backend that classifies the runner into an enum role and borrows the target SWA pool for some roles."""

import enum
from typing import FrozenSet, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class RunnerRole(enum.Enum):
    TARGET = enum.auto()
    DRAFT = enum.auto()
    FROZEN_KV_DRAFT = enum.auto()

    @classmethod
    def of(cls, runner) -> "RunnerRole":
        if not runner.is_draft_worker:
            return cls.TARGET
        if runner.spec_algorithm.is_frozen_kv_mtp():
            return cls.FROZEN_KV_DRAFT
        return cls.DRAFT


BORROWING_ROLES: FrozenSet[RunnerRole] = frozenset(RunnerRole) - {RunnerRole.DRAFT}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.role = RunnerRole.of(model_runner)
        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool
        elif self.role in BORROWING_ROLES:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                self.swa_pool = kvcache

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
