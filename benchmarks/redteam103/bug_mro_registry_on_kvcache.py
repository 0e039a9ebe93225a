"""Decode kernel selection keyed on the KV pool class hierarchy.

Kernels are registered per pool class; lookup walks the MRO so subclasses
(FP4/MXFP8 MHA variants, DSA on top of MLA, ...) inherit the parent kernel.
"""

import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool, MLATokenToKVPool

logger = logging.getLogger(__name__)

LocFn = Callable[[KVCache, torch.Tensor], torch.Tensor]


def _swa_locations(pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


def _identity_locations(pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
    return loc


_DECODE_LOC_REGISTRY: Dict[type, LocFn] = {
    BaseSWAKVPool: _swa_locations,
    MLATokenToKVPool: _identity_locations,
    MHATokenToKVPool: _identity_locations,
}


def lookup_loc_fn(pool_cls: type) -> Optional[LocFn]:
    for klass in pool_cls.__mro__:
        fn = _DECODE_LOC_REGISTRY.get(klass)
        if fn is not None:
            return fn
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        self.strict = strict
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self._loc_fn = lookup_loc_fn(type(kvcache))
        if self._loc_fn is None:
            if strict:
                raise TypeError(f"no decode kernel for {type(kvcache).__name__}")
            self._loc_fn = _identity_locations
        logger.debug("decode loc fn: %s", self._loc_fn.__name__)

    def forward_decode(self, loc: torch.Tensor):
        locations = self._loc_fn(self.token_to_kv_pool, loc)
        return self.token_to_kv_pool, locations
