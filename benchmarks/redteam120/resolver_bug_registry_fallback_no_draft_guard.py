"""SWA pool resolution via a small resolver registry.

Resolvers are registered by name and run in declaration order.  The first
one that yields an :class:`SWAKVPool` is used; the allocator's cache covers
runners whose active pool wraps the SWA pool indirectly.
"""

from collections import OrderedDict
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

SWA_RESOLVERS: "OrderedDict[str, Callable[[object], Optional[SWAKVPool]]]" = OrderedDict()


def register_resolver(name: str):
    def deco(fn):
        SWA_RESOLVERS[name] = fn
        return fn

    return deco


@register_resolver("active_pool")
def _from_active_pool(runner) -> Optional[SWAKVPool]:
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


@register_resolver("allocator_cache")
def _from_allocator(runner) -> Optional[SWAKVPool]:
    if runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


def resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    for fn in SWA_RESOLVERS.values():
        pool = fn(runner)
        if pool is not None:
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head: int = 0):
        self.num_head = num_head
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
