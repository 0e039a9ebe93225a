from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
            return
        shares = (not mr.is_draft_worker) or mr.spec_algorithm.is_frozen_kv_mtp()
        kv = shares and mr.token_to_kv_pool_allocator.get_kvcache()
        self._swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
