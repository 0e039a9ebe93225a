"""Decode backend that reports when the runner's pool is not the allocator's.

Speculative draft workers share the target's allocator while owning a
separate KV pool; that is expected, and only surfaced as a debug message.
The sliding-window read path follows the runner's own pool.
"""

import logging

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = True):
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        registered = allocator.get_kvcache()
        if verbose and registered is not self.token_to_kv_pool:
            logger.debug(
                "runner pool %s differs from allocator pool %s (draft=%s)",
                type(self.token_to_kv_pool).__name__,
                type(registered).__name__,
                model_runner.is_draft_worker,
            )
        self.use_swa = issubclass(type(self.token_to_kv_pool), BaseSWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.use_swa:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
