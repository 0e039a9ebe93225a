"""SYCL backend whose SWA pool resolver consults the allocator's kvcache first."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.swa_loc: Optional[torch.Tensor] = None

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        # The allocator's kvcache is the canonical SWA pool whenever one exists.
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return None

    def init_forward_metadata(self, forward_batch):
        if self.swa_pool is not None:
            self.swa_loc = self.swa_pool.translate_loc_from_full_to_swa(forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
