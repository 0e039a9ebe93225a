from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
        elif model_runner.is_draft_worker and model_runner.spec_algorithm.is_eagle():
            # EAGLE drafts own a full-only pool; only FROZEN_KV MTP reads the target's
            self._swa_pool = None
        else:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
