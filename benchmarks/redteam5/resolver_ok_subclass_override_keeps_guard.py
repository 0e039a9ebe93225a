from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _HybridSWABackendBase:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc


class GeneratedAttnBackend(_HybridSWABackendBase):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if getattr(model_runner, "token_to_kv_pool_allocator", None) is None:
            own = model_runner.token_to_kv_pool
            return own if isinstance(own, SWAKVPool) else None
        return _HybridSWABackendBase._resolve_swa_kv_pool(model_runner)
