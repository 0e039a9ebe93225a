"""Decode backend for sliding-window models with a consistency check on the KV cache.

When the allocator hands out indices for a cache other than the runner's own
pool (speculative draft workers), that is noted once and the runner's pool
is used as is.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeKVSource:
    __slots__ = ("pool", "swa_pool")

    def __init__(self, pool: KVCache, swa_pool: Optional[SWAKVPool]):
        self.pool = pool
        self.swa_pool = swa_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        pool = model_runner.token_to_kv_pool
        allocator_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if allocator_cache is not pool:
            msg = (
                f"allocator cache {type(allocator_cache).__name__} differs from runner pool "
                f"{type(pool).__name__}"
            )
            if strict and not model_runner.is_draft_worker:
                raise RuntimeError(msg)
            logger.warning(msg)
        self.source = DecodeKVSource(pool, pool if isinstance(pool, SWAKVPool) else None)

    def forward_decode(self, loc: torch.Tensor):
        src = self.source
        if src.swa_pool is None:
            return src.pool, loc
        return src.swa_pool, src.swa_pool.translate_loc_from_full_to_swa(loc)
