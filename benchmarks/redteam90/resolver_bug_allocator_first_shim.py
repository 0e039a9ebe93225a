"""Resolve the hybrid SWA KV pool for attention backends.

Newer allocators expose the backing cache through ``get_kvcache()``; older
ones raise ``AttributeError``/``TypeError`` and we fall back to the runner's
pool and the draft-worker rules.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    allocator = model_runner.token_to_kv_pool_allocator
    try:
        backing = allocator.get_kvcache()
    except (AttributeError, TypeError):
        backing = None
    if isinstance(backing, SWAKVPool):
        return backing

    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    return None


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
