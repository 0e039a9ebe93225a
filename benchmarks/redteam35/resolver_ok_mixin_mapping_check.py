"""Shared SWA pool resolution mixin with a consistency check for the target runner."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin:
    @classmethod
    def resolve_swa_kv_pool(cls, model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @staticmethod
    def check_mapping(model_runner, swa_pool: SWAKVPool) -> None:
        # On the target both sides share one mapping tensor; a mismatch means the
        # pool was registered against a different allocator.
        if model_runner.is_draft_worker:
            return
        allocator_map = model_runner.token_to_kv_pool_allocator.full_to_swa_index_mapping
        if swa_pool.full_to_swa_index_mapping is not allocator_map:
            logger.warning("SWA pool mapping is not the allocator's mapping")


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_kv_pool(model_runner)
        if self.swa_kv_pool is not None:
            self.check_mapping(model_runner, self.swa_kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
