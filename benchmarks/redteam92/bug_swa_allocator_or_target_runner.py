"""Windowed decode selection for the dual-chunk / hybrid SWA backend."""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, chunk_size: int = 8192):
        self.chunk_size = chunk_size
        allocator = model_runner.token_to_kv_pool_allocator
        use_allocator_cache = not model_runner.is_draft_worker or isinstance(
            allocator, SWATokenToKVPoolAllocator
        )
        if use_allocator_cache:
            self.kv_pool: KVCache = allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        logger.info("dual-chunk backend: sliding window=%s", self.is_swa)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
