"""Decode backend that finds its SWA pool through single dispatch on its own pool type."""

import functools
import logging
from typing import Optional

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def swa_pool_for(pool, model_runner) -> Optional[SWAKVPool]:
    return None


@swa_pool_for.register
def _(pool: SWAKVPool, model_runner) -> Optional[SWAKVPool]:
    return pool


@swa_pool_for.register
def _(pool: MHATokenToKVPool, model_runner) -> Optional[SWAKVPool]:
    # A full-only pool may still sit next to a hybrid target cache (FROZEN_KV
    # MTP drafts, wrapped target pools); regular drafts keep to their own.
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = swa_pool_for(self.token_to_kv_pool, model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
