"""Decode backend that records whether its runner shares the allocator's cache.

For speculative decoding the draft worker reuses the target's allocator but
keeps a separate KV pool; ``shares_allocator_cache`` records which case this
runner is in for debugging memory accounting. Reads go to the runner's pool.
"""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVBinding:
    pool: KVCache
    shares_allocator_cache: bool
    sliding_window: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        pool = model_runner.token_to_kv_pool
        allocator_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.binding = KVBinding(
            pool=pool,
            shares_allocator_cache=allocator_cache is pool,
            sliding_window=isinstance(pool, SWAKVPool),
        )
        if verbose or not self.binding.shares_allocator_cache:
            logger.info(
                "kv binding: pool=%s allocator_cache=%s shared=%s",
                type(pool).__name__,
                type(allocator_cache).__name__,
                self.binding.shares_allocator_cache,
            )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.binding.pool
        if self.binding.sliding_window:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
