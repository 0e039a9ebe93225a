from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    def _resolve(self, mr):
        alloc = mr.token_to_kv_pool_allocator
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if getattr(alloc, "full_to_swa_index_mapping", None) is not None:
            # hybrid allocator: the cache it manages is the SWA one
            return alloc.get_kvcache()
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        kv = alloc.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
