"""Pool selection for hybrid-SWA decode, expressed as a ``PoolSelection``.

``select_kv_pools`` is the single place that decides which cache the
backend reads for sliding-window layers; the backend only consumes the
resulting tuple.
"""

from __future__ import annotations

import logging
from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class PoolSelection(NamedTuple):
    full_pool: KVCache
    swa_pool: Optional[SWAKVPool]
    source: str


def select_kv_pools(model_runner) -> PoolSelection:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return PoolSelection(active, active, "runner")
    # Some workers wrap or replace the runner's pool; fall back to the cache
    # registered with the allocator.
    backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(backing, SWAKVPool):
        return PoolSelection(active, backing, "allocator")
    return PoolSelection(active, None, "none")


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.pools = select_kv_pools(model_runner)
        logger.info("SWA pool source: %s", self.pools.source)

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.pools.swa_pool
        if swa_pool is None:
            return self.pools.full_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
