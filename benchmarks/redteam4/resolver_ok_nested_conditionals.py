from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        swa = None
        if not isinstance(self.pool, SWAKVPool):
            if mr.is_draft_worker:
                if mr.spec_algorithm.is_frozen_kv_mtp():
                    kv = mr.token_to_kv_pool_allocator.get_kvcache()
                    if isinstance(kv, SWAKVPool):
                        swa = kv
            else:
                kv = mr.token_to_kv_pool_allocator.get_kvcache()
                if isinstance(kv, SWAKVPool):
                    swa = kv
        else:
            swa = self.pool
        self._swa_pool = swa

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
