"""SWA pool resolution through a small resolver registry.

Resolvers are registered by name and tried in registration order; the first
one to return a pool wins.
"""

import logging
from typing import Callable, List, Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_RESOLVERS: List[Tuple[str, Callable[[object], Optional[SWAKVPool]]]] = []


def swa_resolver(name: str):
    def deco(fn):
        _RESOLVERS.append((name, fn))
        return fn

    return deco


@swa_resolver("allocator")
def _from_allocator(model_runner) -> Optional[SWAKVPool]:
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return allocator.get_kvcache()
    return None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    for name, fn in _RESOLVERS:
        pool = fn(model_runner)
        if pool is not None:
            logger.debug("swa pool resolved by %s", name)
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
