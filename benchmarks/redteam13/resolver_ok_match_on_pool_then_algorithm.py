"""Resolver written with match statements on the active pool and on the speculative algorithm."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


def _shared_swa_pool(model_runner):
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_kv_pool(model_runner):
    match model_runner.token_to_kv_pool:
        case SWAKVPool() as own:
            return own
    if not model_runner.is_draft_worker:
        return _shared_swa_pool(model_runner)
    match model_runner.spec_algorithm:
        case SpeculativeAlgorithm.FROZEN_KV_MTP:
            return _shared_swa_pool(model_runner)
        case _:
            return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
