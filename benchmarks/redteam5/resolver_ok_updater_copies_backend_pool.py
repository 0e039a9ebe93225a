from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _DecodeIndicesUpdater:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self._swa_pool: Optional[SWAKVPool] = attn_backend._swa_pool

    def update(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.attn_backend.token_to_kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve_swa_kv_pool(model_runner)
        self.indices_updater_decode = _DecodeIndicesUpdater(model_runner, self)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        return self.indices_updater_decode.update(loc)
