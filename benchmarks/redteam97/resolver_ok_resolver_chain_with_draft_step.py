"""Chain-of-responsibility SWA pool resolution.

Each step returns a pool, returns ``STOP`` to end the search with no SWA pool,
or returns ``None`` to defer. The active pool wins; a speculative draft worker
that owns its own full-only pool stops there; otherwise the allocator's cache
is consulted (frozen-KV MTP drafts read the target cache).
"""

from typing import Callable, Optional, Sequence

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

STOP = object()


def _active_pool_step(model_runner):
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _own_pool_draft_step(model_runner):
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return STOP
    return None


def _allocator_cache_step(model_runner):
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


DEFAULT_CHAIN: Sequence[Callable] = (
    _active_pool_step,
    _own_pool_draft_step,
    _allocator_cache_step,
)


def resolve_swa_pool(model_runner, chain: Sequence[Callable] = DEFAULT_CHAIN):
    for step in chain:
        found = step(model_runner)
        if found is STOP:
            return None
        if found is not None:
            return found
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, chain: Optional[Sequence[Callable]] = None):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = resolve_swa_pool(
            model_runner, chain or DEFAULT_CHAIN
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
