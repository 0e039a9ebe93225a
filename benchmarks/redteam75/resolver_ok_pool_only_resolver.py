"""FlashAttention-style decode backend for interleaved SWA/full models.

Window support is detected from the KV pool handed to this runner. The
allocator is consulted only for capacity reporting.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_capacity: bool = True):
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = self._resolve_swa_pool()
        if log_capacity:
            self._log_capacity()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _log_capacity(self) -> None:
        alloc = self.allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            full, swa = alloc.swa_capacity_and_available(
                full_capacity=alloc.size_full, swa_capacity=alloc.size_swa
            )
            logger.info("KV capacity full=%s swa=%s", full, swa)
        else:
            logger.info("KV capacity %d (avail %d)", alloc.size, alloc.available_size())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
