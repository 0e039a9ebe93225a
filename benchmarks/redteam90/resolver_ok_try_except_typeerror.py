"""Resolve the hybrid SWA KV pool for attention backends.

The runner's own pool wins; regular draft workers stop there. Only runners
that share the target's KV consult the allocator, through a shim for
allocators whose ``get_kvcache`` is missing or has a different signature.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None

    allocator = model_runner.token_to_kv_pool_allocator
    try:
        backing = allocator.get_kvcache()
    except (AttributeError, TypeError):
        return None
    return backing if isinstance(backing, SWAKVPool) else None


class GeneratedAttnBackend:
    """Paged decode backend; reads SWA layers from the resolved hybrid pool."""

    def __init__(self, model_runner, use_swa: bool = True):
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool = get_swa_kv_pool(model_runner) if use_swa else None

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.full_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
