"""Shared, memoised SWA pool lookup for decode backends.

The lookup is keyed on the pool object, the allocator and the draft/frozen
flags, so runners that share an allocator but own different pools resolve
independently.
"""

from __future__ import annotations

import functools
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.lru_cache(maxsize=16)
def _lookup_swa_pool(pool, allocator, owns_pool: bool) -> Optional[SWAKVPool]:
    if isinstance(pool, SWAKVPool):
        return pool
    if owns_pool:
        return None
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    owns_pool = bool(
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    return _lookup_swa_pool(
        model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator, owns_pool
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.model_runner = model_runner
        self.page_size = page_size or model_runner.page_size

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = resolve_swa_pool(self.model_runner)
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
