"""Resolver whose result lives in a module-level cache keyed by the runner and is read through a property."""

from typing import Dict, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_RESOLVED_SWA_POOLS: Dict[int, Optional[SWAKVPool]] = {}


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._runner_key = id(model_runner)
        if self._runner_key not in _RESOLVED_SWA_POOLS:
            _RESOLVED_SWA_POOLS[self._runner_key] = _resolve_swa_kv_pool(model_runner)

    @property
    def _swa_kv_pool(self) -> Optional[SWAKVPool]:
        return _RESOLVED_SWA_POOLS[self._runner_key]

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
