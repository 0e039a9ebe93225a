"""Backend that classifies its runner's role and looks up how to obtain the SWA pool for it."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class RunnerRole(enum.Enum):
    TARGET = enum.auto()
    DRAFT = enum.auto()
    FROZEN_KV_DRAFT = enum.auto()


def runner_role(model_runner) -> RunnerRole:
    if not model_runner.is_draft_worker:
        return RunnerRole.TARGET
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return RunnerRole.FROZEN_KV_DRAFT
    return RunnerRole.DRAFT


def _borrow_target_pool(model_runner):
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


_FALLBACK_BY_ROLE = {
    RunnerRole.TARGET: _borrow_target_pool,
    RunnerRole.FROZEN_KV_DRAFT: _borrow_target_pool,
    RunnerRole.DRAFT: _borrow_target_pool,  # drafts share the target allocator
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = self.token_to_kv_pool
        else:
            self.swa_pool = _FALLBACK_BY_ROLE[runner_role(model_runner)](model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
