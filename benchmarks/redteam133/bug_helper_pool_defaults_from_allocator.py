"""Split-KV decode planner.

``SplitKVPlanner`` can be given a KV pool explicitly; when it is not, it falls back to the
cache registered with the allocator it was handed.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SplitKVPlanner:
    def __init__(self, allocator, kv_pool=None, num_splits: int = 4):
        self.allocator = allocator
        self.kv_pool = kv_pool if kv_pool is not None else allocator.get_kvcache()
        self.num_splits = num_splits

    def plan(self, out_cache_loc: torch.Tensor):
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(out_cache_loc)
        return pool, out_cache_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_splits: int = 4):
        self.model_runner = model_runner
        self.planner = SplitKVPlanner(
            model_runner.token_to_kv_pool_allocator, num_splits=num_splits
        )
        logger.debug("split-kv planner: %d splits", num_splits)

    def forward_decode(self, loc: torch.Tensor):
        pool, kv_indices = self.planner.plan(loc)
        return pool, kv_indices
