"""Decode backend choosing its release path by allocator type; reads by the runner's pool."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Owns a small scratch region for speculative tokens that it returns on abort."""

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # The hybrid allocator frees the SWA side separately; the plain one
        # only has full-attention slots.
        self._split_free = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self._scratch: Optional[torch.Tensor] = None

    def release_scratch(self):
        if self._scratch is None or self._scratch.numel() == 0:
            return
        if self._split_free:
            self.allocator.free_group_begin()
            self.allocator.free(self._scratch)
            self.allocator.free_group_end()
        else:
            self.allocator.free(self._scratch)
        logger.debug("released %d scratch slots", self._scratch.numel())
        self._scratch = None

    def forward_decode(self, loc: torch.Tensor):
        locations = loc
        if self.swa_kv_pool is not None:
            locations = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_kv_pool, locations
        return self.token_to_kv_pool, locations
