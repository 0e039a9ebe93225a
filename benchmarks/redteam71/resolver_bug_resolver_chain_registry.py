"""Pluggable SWA pool resolution.

Resolvers are registered with ``@swa_resolver(priority)`` and tried in ascending priority
order; the first one returning a pool wins. Out-of-tree KV caches can add their own entry.
"""

from __future__ import annotations

import logging
from typing import Callable, List, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Resolver = Callable[[object], Optional[SWAKVPool]]
_RESOLVERS: List[Tuple[int, Resolver]] = []


def swa_resolver(priority: int):
    def deco(fn: Resolver) -> Resolver:
        _RESOLVERS.append((priority, fn))
        _RESOLVERS.sort(key=lambda item: item[0])
        return fn

    return deco


@swa_resolver(0)
def _active_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


@swa_resolver(10)
def _allocator_kvcache(model_runner) -> Optional[SWAKVPool]:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    for _, resolver in _RESOLVERS:
        pool = resolver(model_runner)
        if pool is not None:
            logger.debug("swa pool resolved by %s", resolver.__name__)
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = -1):
        self.window_left = window_left
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
