"""Backend whose resolver checks the hybrid allocator type only after the draft guard."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self._swa_loc_buf: Optional[torch.Tensor] = None

    @classmethod
    def _resolve_swa_kv_pool(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        if not isinstance(allocator, SWATokenToKVPoolAllocator):
            return None
        kvcache = allocator.get_kvcache()
        if not isinstance(kvcache, SWAKVPool):
            logger.warning(
                "%s manages %s, expected SWAKVPool",
                type(allocator).__name__,
                type(kvcache),
            )
            return None
        return kvcache

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        self._swa_loc_buf = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self._swa_kv_pool, self._swa_loc_buf
