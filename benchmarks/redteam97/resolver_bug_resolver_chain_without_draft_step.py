"""Chain-of-responsibility SWA pool resolution.

Each step either returns a pool or defers to the next. The active pool is
preferred; the allocator's cache is the fallback for runners whose own pool
is not the hybrid one.
"""

from typing import Callable, Optional, Sequence

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

ResolveStep = Callable[[object], Optional[SWAKVPool]]


def _active_pool_step(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _allocator_cache_step(model_runner) -> Optional[SWAKVPool]:
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


DEFAULT_CHAIN: Sequence[ResolveStep] = (_active_pool_step, _allocator_cache_step)


def resolve_swa_pool(model_runner, chain: Sequence[ResolveStep] = DEFAULT_CHAIN):
    for step in chain:
        found = step(model_runner)
        if found is not None:
            return found
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, chain: Optional[Sequence[ResolveStep]] = None):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner, chain or DEFAULT_CHAIN)

    def _decode_pool(self):
        return self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self._decode_pool()
        if pool is self.swa_kv_pool:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
