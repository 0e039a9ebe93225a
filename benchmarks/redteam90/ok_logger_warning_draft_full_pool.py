"""Decode backend for Gemma/Mistral-style interleaved sliding-window models.

When the runner's pool is full-only while the allocator is hybrid (an EAGLE
draft sharing the target's allocator), the backend logs once and keeps the
draft's own pool with full-pool locations.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

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
            if model_runner.is_draft_worker:
                logger.info("draft worker: hybrid allocator, full-only pool; SWA path off")
            else:
                logger.warning(
                    "token_to_kv_pool is %s but the allocator is hybrid; SWA path off",
                    type(self.token_to_kv_pool).__name__,
                )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
