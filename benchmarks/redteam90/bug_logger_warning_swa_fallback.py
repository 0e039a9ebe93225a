"""Decode backend for Gemma/Mistral-style interleaved sliding-window models.

If the runner's pool is not hybrid but the allocator is, we log a warning and
pick up the hybrid cache from the allocator so the SWA layers still work.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if TYPE_CHECKING:
    from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = 4096):
        self.window_left = window_left
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = self.token_to_kv_pool
        elif isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.warning(
                "token_to_kv_pool is %s but the allocator is hybrid; "
                "falling back to allocator.get_kvcache() for SWA layers",
                type(self.token_to_kv_pool).__name__,
            )
            self.swa_pool = allocator.get_kvcache()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
