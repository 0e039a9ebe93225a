"""Decode backend with memoised pool handles for hybrid sliding-window models.

The SWA view is derived from the pool this runner actually reads and cached with
``functools.cached_property``. Allocator occupancy is reported for debugging only.
"""

import functools
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits

    @functools.cached_property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            allocator = self.model_runner.token_to_kv_pool_allocator
            logger.info("Hybrid SWA decode enabled (%s tokens free)", allocator.available_size())
            return pool
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
