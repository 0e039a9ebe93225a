"""Decode backend with type assertions on the runner's memory objects.

The SWA path is selected from the KV pool the backend reads; the allocator is
only checked for type and used for capacity logging.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_validation: bool = False):
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if not skip_validation:
            assert isinstance(pool, KVCache), f"unexpected pool type {type(pool).__name__}"
            assert isinstance(
                allocator, BaseTokenToKVPoolAllocator
            ), f"unexpected allocator type {type(allocator).__name__}"

        self.kv_pool: KVCache = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        logger.info(
            "GeneratedAttnBackend init: swa=%s, free tokens=%d",
            self.swa_pool is not None,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
