"""Wrapper backend that dispatches to a child registered for the runner's KV pool type."""

from typing import Callable, Dict, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_CHILD_REGISTRY: Dict[Type[KVCache], Callable[[KVCache], "_ChildBackend"]] = {}


def register(pool_cls: Type[KVCache]):
    def deco(factory):
        _CHILD_REGISTRY[pool_cls] = factory
        return factory

    return deco


class _ChildBackend:
    def __init__(self, pool: KVCache):
        self.pool = pool

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, loc


class _SWAChildBackend(_ChildBackend):
    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


@register(SWAKVPool)
def _make_swa_child(pool: KVCache) -> _ChildBackend:
    return _SWAChildBackend(pool)


def _lookup(pool: KVCache) -> Callable[[KVCache], _ChildBackend]:
    for cls in type(pool).__mro__:
        if cls in _CHILD_REGISTRY:
            return _CHILD_REGISTRY[cls]
    return _ChildBackend


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        pool = model_runner.token_to_kv_pool
        self.child = _lookup(pool)(pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
