"""Speculative decode backend whose resolver singles out EAGLE3 drafts as cache owners."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.is_draft_worker = model_runner.is_draft_worker
        self.spec_algorithm = model_runner.spec_algorithm
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.page_size = model_runner.page_size

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        # EAGLE3 drafts carry their own KV (different hidden size from the target).
        if self.is_draft_worker and self.spec_algorithm.is_eagle3():
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            logger.info("window layers read %s via the shared allocator", type(kvcache).__name__)
            return kvcache
        return None

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.num_pages = (seq_lens + self.page_size - 1) // self.page_size

    def forward_decode(self, loc):
        pool = self._swa_kv_pool
        if pool is None:
            return self.pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
