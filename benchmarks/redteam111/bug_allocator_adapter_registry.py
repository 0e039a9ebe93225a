"""Per-allocator-type adapters for the decode backend.

Adapters are registered by allocator class (vLLM-style registry keyed on the
block manager); lookup walks the MRO so subclasses such as the pure-SWA
allocator pick up their parent's adapter.
"""

from __future__ import annotations

from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

DecodeAdapter = Callable[
    [BaseTokenToKVPoolAllocator, KVCache, torch.Tensor], Tuple[KVCache, torch.Tensor]
]

_ALLOCATOR_ADAPTERS: Dict[type, DecodeAdapter] = {}


def register_allocator_adapter(alloc_cls: Type[BaseTokenToKVPoolAllocator]):
    def _wrap(fn: DecodeAdapter) -> DecodeAdapter:
        _ALLOCATOR_ADAPTERS[alloc_cls] = fn
        return fn

    return _wrap


@register_allocator_adapter(SWATokenToKVPoolAllocator)
def _swa_adapter(allocator, pool: KVCache, loc: torch.Tensor):
    swa_pool = allocator.get_kvcache()
    return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)


@register_allocator_adapter(BaseTokenToKVPoolAllocator)
def _full_adapter(allocator, pool: KVCache, loc: torch.Tensor):
    return pool, loc


def lookup_adapter(allocator, default: DecodeAdapter = _full_adapter) -> DecodeAdapter:
    for cls in type(allocator).__mro__:
        if cls in _ALLOCATOR_ADAPTERS:
            return _ALLOCATOR_ADAPTERS[cls]
    return default


class GeneratedAttnBackend:
    def __init__(self, model_runner, adapter: DecodeAdapter | None = None):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self._adapter = adapter or lookup_adapter(self.allocator)

    def forward_decode(self, loc: torch.Tensor):
        return self._adapter(self.allocator, self.kv_pool, loc)
