"""Per-pool-type adapters for the decode backend.

Adapters are registered by KV pool class (vLLM-style registry); lookup walks
the MRO of the pool the backend reads, so subclasses pick up their parent's
adapter.
"""

from __future__ import annotations

from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

DecodeAdapter = Callable[[KVCache, torch.Tensor], Tuple[KVCache, torch.Tensor]]

_POOL_ADAPTERS: Dict[Type[KVCache], DecodeAdapter] = {}


def register_pool_adapter(pool_cls: Type[KVCache]):
    def _wrap(fn: DecodeAdapter) -> DecodeAdapter:
        _POOL_ADAPTERS[pool_cls] = fn
        return fn

    return _wrap


@register_pool_adapter(SWAKVPool)
def _swa_adapter(pool: KVCache, loc: torch.Tensor):
    return pool, pool.translate_loc_from_full_to_swa(loc)


@register_pool_adapter(MHATokenToKVPool)
def _full_adapter(pool: KVCache, loc: torch.Tensor):
    return pool, loc


def lookup_adapter(pool: KVCache, default: DecodeAdapter = _full_adapter) -> DecodeAdapter:
    for cls in type(pool).__mro__:
        if cls in _POOL_ADAPTERS:
            return _POOL_ADAPTERS[cls]
    return default


class GeneratedAttnBackend:
    def __init__(self, model_runner, adapter: DecodeAdapter | None = None):
        self.kv_pool = model_runner.token_to_kv_pool
        self._adapter = adapter or lookup_adapter(self.kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        return self._adapter(self.kv_pool, loc)
