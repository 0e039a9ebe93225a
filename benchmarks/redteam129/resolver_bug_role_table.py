"""Decode backend whose KV wiring is driven by a small role table."""

import enum
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class RunnerRole(enum.Enum):
    TARGET = enum.auto()
    DRAFT = enum.auto()
    FROZEN_KV_DRAFT = enum.auto()


# Whether a role may fall back to the allocator's cache for SWA reads.
_USES_SHARED_CACHE: Dict[RunnerRole, bool] = {
    RunnerRole.TARGET: True,
    RunnerRole.DRAFT: False,
    RunnerRole.FROZEN_KV_DRAFT: True,
}


def runner_role(model_runner) -> RunnerRole:
    if not model_runner.is_draft_worker:
        return RunnerRole.TARGET
    if not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return RunnerRole.FROZEN_KV_DRAFT
    return RunnerRole.DRAFT


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if not _USES_SHARED_CACHE[runner_role(model_runner)]:
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, block_size: int = 64):
        self.block_size = block_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
