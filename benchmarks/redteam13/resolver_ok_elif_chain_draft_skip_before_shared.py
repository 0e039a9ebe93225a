"""Resolver as an if/elif chain: active SWA pool, then the draft skip, then the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, mr):
        active = mr.token_to_kv_pool
        draft_skips = mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()
        shared = mr.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(active, SWAKVPool):
            return active
        elif draft_skips:
            return None
        elif isinstance(shared, SWAKVPool):
            return shared
        return None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
