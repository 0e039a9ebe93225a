"""Decode backend that classifies its runner's role and looks up how to find the SWA pool."""

import enum
import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class RunnerRole(enum.Enum):
    TARGET = enum.auto()
    EAGLE_DRAFT = enum.auto()
    FROZEN_KV_DRAFT = enum.auto()


def runner_role(runner) -> RunnerRole:
    if not runner.is_draft_worker:
        return RunnerRole.TARGET
    if runner.spec_algorithm.is_frozen_kv_mtp():
        return RunnerRole.FROZEN_KV_DRAFT
    return RunnerRole.EAGLE_DRAFT


def _own_pool(runner):
    return runner.token_to_kv_pool


def _allocator_pool(runner):
    return runner.token_to_kv_pool_allocator.get_kvcache()


# Where each role may look for a hybrid pool once its own pool turned out full-only.
_FALLBACK: Dict[RunnerRole, Optional[Callable]] = {
    RunnerRole.TARGET: _allocator_pool,
    RunnerRole.FROZEN_KV_DRAFT: _allocator_pool,
    RunnerRole.EAGLE_DRAFT: None,
}


def resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    own = _own_pool(runner)
    if isinstance(own, SWAKVPool):
        return own
    fallback = _FALLBACK[runner_role(runner)]
    kv = fallback(runner) if fallback is not None else None
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.role = runner_role(model_runner)
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        logger.info("role=%s swa=%s", self.role.name, self.swa_pool is not None)
        self.out_cache_loc: Optional[torch.Tensor] = None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
