"""Decode backend that classifies its runner before wiring up KV access."""

import enum
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVRole(enum.Enum):
    TARGET = "target"
    DRAFT_OWN_KV = "draft_own_kv"
    DRAFT_FROZEN_KV = "draft_frozen_kv"


def classify_runner(model_runner) -> KVRole:
    if not model_runner.is_draft_worker:
        return KVRole.TARGET
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return KVRole.DRAFT_FROZEN_KV
    return KVRole.DRAFT_OWN_KV


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_logging: bool = False):
        self.role = classify_runner(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None

        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool
        elif self.role is not KVRole.DRAFT_OWN_KV:
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(cache, SWAKVPool):
                self.swa_pool = cache

        if enable_logging:
            logger.info("role=%s swa=%s", self.role.value, self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
