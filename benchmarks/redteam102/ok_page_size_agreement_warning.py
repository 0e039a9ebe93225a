"""Decode backend that cross-checks paging between allocator and pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeMetadata:
    __slots__ = ("page_size", "swa_pool", "kv_pool")

    def __init__(self, page_size: int, kv_pool: KVCache, swa_pool: Optional[SWAKVPool]):
        self.page_size = page_size
        self.kv_pool = kv_pool
        self.swa_pool = swa_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        alloc_ps = allocator.page_size
        pool_ps = getattr(pool, "page_size", alloc_ps)
        if alloc_ps != pool_ps:
            logger.warning(
                "page size mismatch: allocator(%s)=%d pool(%s)=%d",
                type(allocator).__name__,
                alloc_ps,
                type(pool).__name__,
                pool_ps,
            )
        swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self.metadata = DecodeMetadata(alloc_ps, pool, swa_pool)

    def forward_decode(self, loc: torch.Tensor):
        md = self.metadata
        if md.swa_pool is not None:
            return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
        return md.kv_pool, loc
