"""Attention backend used by target, EAGLE and frozen-KV MTP workers.

Frozen-KV MTP drafts do not allocate their own cache; they read the target's
window buffers through the shared allocator's pool. EAGLE drafts allocate a
full-attention pool of their own.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_allocator: bool = False):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._get_swa_pool(model_runner)
        if log_allocator:
            alloc = model_runner.token_to_kv_pool_allocator
            kind = "hybrid" if isinstance(alloc, SWATokenToKVPoolAllocator) else "plain"
            logger.info("%s allocator, %d tokens available", kind, alloc.available_size())

    @staticmethod
    def _get_swa_pool(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and spec.is_frozen_kv_mtp():
            shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(shared, SWAKVPool):
                return shared
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
