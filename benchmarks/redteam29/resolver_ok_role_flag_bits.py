"""Windowed decode backend that resolves its SWA pool from an enum.Flag describing the runner's role."""

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class RunnerRole(enum.Flag):
    TARGET = 0
    DRAFT = enum.auto()
    SHARES_TARGET_KV = enum.auto()


def runner_role(model_runner) -> RunnerRole:
    role = RunnerRole.TARGET
    if model_runner.is_draft_worker:
        role |= RunnerRole.DRAFT
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        # FROZEN_KV MTP drafts attend over the target's cache directly.
        role |= RunnerRole.SHARES_TARGET_KV
    return role


@dataclass
class DecodeMetadata:
    cache_loc: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.role = runner_role(model_runner)
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner, self.role)
        self.forward_metadata = DecodeMetadata()
        logger.debug("role=%s swa=%s", self.role, self.swa_kv_pool is not None)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner, role: RunnerRole) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if RunnerRole.DRAFT in role and RunnerRole.SHARES_TARGET_KV not in role:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, cache_loc: torch.Tensor):
        swa_loc = None
        if self.swa_kv_pool is not None:
            swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(cache_loc)
        self.forward_metadata = DecodeMetadata(cache_loc=cache_loc, swa_cache_loc=swa_loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is not None:
            return self.swa_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
