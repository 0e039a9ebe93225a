"""SWA pool resolution expressed as ``functools.singledispatch`` over the active pool.

An ``SWAKVPool`` resolves to itself. Any other pool falls through to the generic path, which
only consults the shared allocator's cache for workers that read the target's KV (the target
itself and frozen-KV MTP drafts).
"""

from __future__ import annotations

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def resolve_swa_pool(pool: KVCache, model_runner) -> Optional[SWAKVPool]:
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


@resolve_swa_pool.register
def _(pool: SWAKVPool, model_runner) -> Optional[SWAKVPool]:
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head_groups: int = 1):
        self.num_head_groups = num_head_groups
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(self.token_to_kv_pool, model_runner)
        logger.info("swa pool: %s", type(self.swa_pool).__name__ if self.swa_pool else None)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
