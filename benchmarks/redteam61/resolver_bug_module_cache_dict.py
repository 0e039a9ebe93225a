"""Decode backend that memoises SWA pool lookups per allocator.

Several attention backends are created per runner (decode, prefill, cuda-graph
capture); the hybrid pool behind an allocator is registered once and reused.
"""

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SWA_POOL_CACHE: Dict[int, Optional[SWAKVPool]] = {}


def _register_allocator(allocator) -> None:
    key = id(allocator)
    if key in _SWA_POOL_CACHE:
        return
    kvcache = allocator.get_kvcache()
    _SWA_POOL_CACHE[key] = kvcache if isinstance(kvcache, SWAKVPool) else None


def get_swa_pool(model_runner) -> Optional[SWAKVPool]:
    _register_allocator(model_runner.token_to_kv_pool_allocator)
    cached = _SWA_POOL_CACHE[id(model_runner.token_to_kv_pool_allocator)]
    if cached is not None:
        return cached
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    logger.debug("no SWA pool for runner (draft=%s)", model_runner.is_draft_worker)
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = get_swa_pool(model_runner)
        self.window_left = -1 if self.swa_pool is None else 4096

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
