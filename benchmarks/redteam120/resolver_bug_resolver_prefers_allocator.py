"""Resolve the sliding-window KV pool through a per-class resolver table.

The table is filled at import time.  ``resolve_swa_pool`` consults the cache
registered behind the shared allocator first, since it is what issued the
indices, and only then falls back to the runner's active pool.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Optional, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_AS_SWA: Dict[Type[KVCache], Callable[[KVCache], Optional[SWAKVPool]]] = {
    SWAKVPool: lambda cache: cache,
}


def _as_swa(cache: Optional[KVCache]) -> Optional[SWAKVPool]:
    if cache is None:
        return None
    for klass in type(cache).__mro__:
        fn = _AS_SWA.get(klass)
        if fn is not None:
            return fn(cache)
    return None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    allocator = model_runner.token_to_kv_pool_allocator
    swa = _as_swa(allocator.get_kvcache())
    if swa is not None:
        return swa
    return _as_swa(model_runner.token_to_kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, layer_id_offset: int = 0):
        self.layer_id_offset = layer_id_offset
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        logger.debug("swa pool resolved: %s", self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
