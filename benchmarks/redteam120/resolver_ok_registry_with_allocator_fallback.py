"""SWA pool resolution as an ordered chain of registered resolver hooks.

Hooks are tried in priority order and the first non-``None`` result wins.
Plugins can add hooks with :func:`swa_resolver` to support additional runner
layouts (e.g. frozen-KV MTP drafts that read the target cache).
"""

from __future__ import annotations

from typing import Callable, List, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_SENTINEL_NONE = object()
ResolverHook = Callable[[object], object]
_HOOKS: List[Tuple[int, ResolverHook]] = []


def swa_resolver(priority: int):
    def deco(fn: ResolverHook) -> ResolverHook:
        _HOOKS.append((priority, fn))
        _HOOKS.sort(key=lambda item: item[0])
        return fn

    return deco


@swa_resolver(0)
def _active_pool(runner):
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


@swa_resolver(10)
def _draft_owns_pool(runner):
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return _SENTINEL_NONE
    return None


@swa_resolver(20)
def _shared_allocator_cache(runner):
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


def resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    for _, hook in _HOOKS:
        result = hook(runner)
        if result is _SENTINEL_NONE:
            return None
        if result is not None:
            return result
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
