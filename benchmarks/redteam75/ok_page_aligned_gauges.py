"""Paged decode backend that reports free pages rather than free tokens."""

import logging
from typing import Dict, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = max(1, int(model_runner.page_size))
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

    def free_pages(self) -> Dict[str, int]:
        alloc = self.allocator
        ps = self.page_size
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            return {
                "full_pages": alloc.full_available_size() // ps,
                "swa_pages": alloc.swa_available_size() // ps,
                "swa_total_pages": alloc.size_swa // ps,
            }
        return {"full_pages": alloc.available_size() // ps}

    def _pool_and_locs(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc

    def forward_decode(self, loc: torch.Tensor):
        pool, locs = self._pool_and_locs(loc)
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("decode step: %s", self.free_pages())
        return pool, locs
