from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        own_is_swa = isinstance(self.pool, SWAKVPool)
        may_share = mr.is_draft_worker or mr.spec_algorithm.is_frozen_kv_mtp()
        if own_is_swa:
            self._swa_pool = self.pool
        elif not may_share:
            self._swa_pool = None
        else:
            kv = mr.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
