"""Backend resolving its SWA pool from an enum.Flag describing the runner's role."""

import enum
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class RunnerRole(enum.Flag):
    TARGET = enum.auto()
    DRAFT = enum.auto()
    SPECULATIVE = enum.auto()
    FROZEN_KV = enum.auto()

    @classmethod
    def of(cls, model_runner) -> "RunnerRole":
        role = cls.DRAFT if model_runner.is_draft_worker else cls.TARGET
        algo = model_runner.spec_algorithm
        if algo.is_speculative():
            role |= cls.SPECULATIVE
        if algo.is_frozen_kv_mtp():
            role |= cls.FROZEN_KV
        return role


def resolve_swa_pool(model_runner, role: RunnerRole) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if role is RunnerRole.DRAFT:
        # a regular draft reads its own, full-only buffers
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.role = RunnerRole.of(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner, self.role)
        self.page_size = model_runner.page_size
        self.cache_seqlens = torch.zeros(model_runner.max_running_requests, dtype=torch.int32)
        logger.info("role=%s swa=%s", self.role, self.swa_pool is not None)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
