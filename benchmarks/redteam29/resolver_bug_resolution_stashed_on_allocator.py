"""Backend that memoises its SWA-pool resolution on the token allocator it is built with."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_CACHE_ATTR = "_attn_backend_swa_kv_pool_r29"
_MISSING = object()


def _resolve_uncached(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def swa_kv_pool_for(model_runner) -> Optional[SWAKVPool]:
    # Prefill, decode and multi-step children are all built against the same
    # allocator; resolve once and keep the answer next to it.
    allocator = model_runner.token_to_kv_pool_allocator
    cached = getattr(allocator, _CACHE_ATTR, _MISSING)
    if cached is not _MISSING:
        return cached
    resolved = _resolve_uncached(model_runner)
    setattr(allocator, _CACHE_ATTR, resolved)
    return resolved


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = swa_kv_pool_for(model_runner)
        self.kv_cache_dtype = model_runner.kv_cache_dtype
        logger.debug("resolved SWA pool: %s", type(self.swa_kv_pool).__name__)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
