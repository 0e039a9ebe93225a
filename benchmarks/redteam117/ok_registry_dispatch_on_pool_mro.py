"""Decode KV reader registry keyed by KV pool class.

Readers register against a ``KVCache`` subclass; lookup walks the MRO of the
runner's pool so derived pools inherit readers from their base class.
"""

from __future__ import annotations

from typing import Callable, Dict, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Reader = Callable[[KVCache, torch.Tensor], Tuple[KVCache, torch.Tensor]]
_REGISTRY: Dict[type, Reader] = {}


def reader_for(pool_cls: type):
    def _register(fn: Reader) -> Reader:
        _REGISTRY[pool_cls] = fn
        return fn

    return _register


@reader_for(KVCache)
def _read_dense(pool, loc):
    return pool, loc


@reader_for(MHATokenToKVPool)
def _read_mha(pool, loc):
    return pool, loc


@reader_for(SWAKVPool)
def _read_swa(pool, loc):
    return pool, pool.translate_loc_from_full_to_swa(loc)


def find_reader(pool) -> Reader:
    for klass in type(pool).__mro__:
        if klass in _REGISTRY:
            return _REGISTRY[klass]
    return _read_dense


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._reader = find_reader(self.kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        return self._reader(self.kv_pool, loc)
