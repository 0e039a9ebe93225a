"""Backend resolving its SWA pool from an enum.Flag role, tested with flag membership."""

import enum
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class Role(enum.Flag):
    NONE = 0
    DRAFT = enum.auto()
    SPECULATIVE = enum.auto()
    FROZEN_KV = enum.auto()
    REGULAR_DRAFT = DRAFT | SPECULATIVE


def role_of(model_runner) -> Role:
    role = Role.NONE
    if model_runner.is_draft_worker:
        role |= Role.DRAFT
    if model_runner.spec_algorithm.is_speculative():
        role |= Role.SPECULATIVE
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        role |= Role.FROZEN_KV
    return role


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.role = role_of(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.page_size = model_runner.page_size
        self.kv_indptr = torch.zeros(model_runner.max_running_requests + 1, dtype=torch.int32)

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if Role.DRAFT in self.role and Role.FROZEN_KV not in self.role:
            logger.debug("%s: reading own pool only", self.role)
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc):
        swa = self.swa_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
