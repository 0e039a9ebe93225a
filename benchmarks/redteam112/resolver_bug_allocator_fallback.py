"""Resolve the sliding-window pool for the Intel XPU backend.

XPU runners sometimes wrap the KV pool (offload, layer-wise transfer), in which
case the wrapper is not an ``SWAKVPool``; fall back to the cache the allocator
was built over.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool: KVCache = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(backing, SWAKVPool):
        logger.debug("runner pool %s is wrapped; using allocator cache", type(pool).__name__)
        return backing
    return None


class XPUDecodeMetadata:
    __slots__ = ("kv_pool", "kv_indices")

    def __init__(self, kv_pool: KVCache, kv_indices: torch.Tensor):
        self.kv_pool = kv_pool
        self.kv_indices = kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_onednn: bool = True):
        self.use_onednn = use_onednn
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def _metadata(self, loc: torch.Tensor) -> XPUDecodeMetadata:
        if self.swa_pool is not None:
            return XPUDecodeMetadata(
                self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
            )
        return XPUDecodeMetadata(self.pool, loc)

    def forward_decode(self, loc: torch.Tensor):
        md = self._metadata(loc)
        return md.kv_pool, md.kv_indices
