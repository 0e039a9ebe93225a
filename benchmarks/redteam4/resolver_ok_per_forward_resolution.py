from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    def _current_swa_pool(self):
        r = self.runner
        if isinstance(r.token_to_kv_pool, SWAKVPool):
            return r.token_to_kv_pool
        if r.is_draft_worker and not r.spec_algorithm.is_frozen_kv_mtp():
            return None
        kv = r.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        self._swa_pool = self._current_swa_pool()
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
