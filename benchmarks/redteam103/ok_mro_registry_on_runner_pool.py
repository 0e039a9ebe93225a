"""Decode kernel selection keyed on the KV pool class hierarchy.

Kernels are registered per pool class; lookup walks the MRO of the runner's
token pool so subclasses (FP4/MXFP8 MHA variants, DSA on top of MLA, ...)
inherit the parent entry.
"""

import logging
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool, MLATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

LocFn = Callable[[KVCache, torch.Tensor], torch.Tensor]

_DECODE_LOC_REGISTRY: Dict[type, LocFn] = {
    SWAKVPool: lambda pool, loc: pool.translate_loc_from_full_to_swa(loc),
    BaseSWAKVPool: lambda pool, loc: pool.translate_loc_from_full_to_swa(loc),
    MLATokenToKVPool: lambda pool, loc: loc,
    MHATokenToKVPool: lambda pool, loc: loc,
}


def lookup_loc_fn(pool: KVCache) -> LocFn:
    for klass in type(pool).__mro__:
        if klass in _DECODE_LOC_REGISTRY:
            return _DECODE_LOC_REGISTRY[klass]
    return lambda _pool, loc: loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        self.strict = strict
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self._loc_fn = lookup_loc_fn(self.token_to_kv_pool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "decode backend for %s; allocator=%s",
            type(self.token_to_kv_pool).__name__,
            type(allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._loc_fn(self.token_to_kv_pool, loc)
