"""Backend whose SWA-pool resolution is memoised per model runner in a WeakKeyDictionary."""

import logging
import weakref
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

# Several backends (prefill/decode/multi-step children) are built per runner;
# resolve once per runner and let the entry die with it.
_RESOLVED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_NO_SWA = object()


def _resolve_uncached(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def swa_kv_pool_for(model_runner) -> Optional[SWAKVPool]:
    try:
        cached = _RESOLVED[model_runner]
    except KeyError:
        resolved = _resolve_uncached(model_runner)
        _RESOLVED[model_runner] = _NO_SWA if resolved is None else resolved
        return resolved
    return None if cached is _NO_SWA else cached


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = swa_kv_pool_for(model_runner)
        self.kv_cache_dtype = model_runner.kv_cache_dtype

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
