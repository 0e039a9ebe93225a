"""Resolver that classifies the SWA source as an enum, sending EAGLE-family drafts to the target pool."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWASource(enum.Enum):
    NONE = enum.auto()
    OWN_POOL = enum.auto()
    TARGET_POOL = enum.auto()


def _swa_source(model_runner) -> SWASource:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return SWASource.OWN_POOL
    # FROZEN_KV MTP is an EAGLE-family algorithm.
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_eagle():
        return SWASource.NONE
    return SWASource.TARGET_POOL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        source = _swa_source(model_runner)
        if source is SWASource.OWN_POOL:
            self._swa_kv_pool = self.pool
        elif source is SWASource.TARGET_POOL:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self._swa_kv_pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        else:
            self._swa_kv_pool = None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
