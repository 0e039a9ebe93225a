"""Resolve the sliding-window KV pool for the NSA/hybrid decode path."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_pdl: bool = False):
        self.enable_pdl = enable_pdl
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)

    @staticmethod
    def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if model_runner.is_draft_worker:
            if model_runner.spec_algorithm.is_frozen_kv_mtp():
                logger.debug("frozen-KV MTP draft: staying on private pool")
                return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
