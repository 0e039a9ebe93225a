"""Decode backend that reuses its split-free (hybrid allocator) flag for the read path."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Owns a small scratch region for speculative tokens that it returns on abort."""

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # The hybrid allocator frees the SWA side separately and its pool keeps
        # SWA layers in their own index space.
        self._split_free = isinstance(self.allocator, SWATokenToKVPoolAllocator)
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
        if self._split_free:
            return self.token_to_kv_pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
