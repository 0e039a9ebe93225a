"""Decode backend that memoises SWA pool lookups per KV pool.

Several attention backends are created per runner (decode, prefill, cuda-graph
capture); the lookup result is cached by the identity of the pool being read.
"""

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SWA_POOL_CACHE: Dict[int, Optional[SWAKVPool]] = {}


def _lookup(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def get_swa_pool(model_runner) -> Optional[SWAKVPool]:
    key = id(model_runner.token_to_kv_pool)
    if key not in _SWA_POOL_CACHE:
        _SWA_POOL_CACHE[key] = _lookup(model_runner)
        logger.debug("cached swa pool for pool %#x: %s", key, _SWA_POOL_CACHE[key] is not None)
    return _SWA_POOL_CACHE[key]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = get_swa_pool(model_runner)
        self.window_left = -1 if self.swa_pool is None else 4096

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
