"""Resolves the SWA pool by classifying its source as a str-mixin Enum and comparing it with plain strings, which works because the members are str."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVSource(str, enum.Enum):
    OWN = "own"
    SHARED = "shared"
    NONE = "none"


def _kv_source(model_runner) -> KVSource:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return KVSource.OWN
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return KVSource.NONE
    return KVSource.SHARED


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)

    @staticmethod
    def _resolve(model_runner):
        source = _kv_source(model_runner)
        if source == "own":
            return model_runner.token_to_kv_pool
        if source == "none":
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
