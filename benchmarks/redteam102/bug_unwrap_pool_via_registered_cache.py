"""Decode backend tolerant of wrapped KV pools.

Some deployment modes (host offload, layer-wise transfer) hand the runner a
thin wrapper around the real KV pool.  When the runner's pool is not directly a
sliding-window pool we unwrap it through the cache registered with the
allocator, which always points at the underlying buffers.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _unwrap(pool: KVCache, allocator) -> KVCache:
    if isinstance(pool, SWAKVPool):
        return pool
    inner = getattr(pool, "base_pool", None)
    if inner is not None:
        return inner
    registered = allocator.get_kvcache()
    return registered if registered is not None else pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = _unwrap(model_runner.token_to_kv_pool, allocator)
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.debug("decode pool: %s", type(self.kv_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
