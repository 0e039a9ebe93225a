from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = None
        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
            swa = model_runner.token_to_kv_pool
        else:
            # target workers and FROZEN_KV drafts read the cache the allocator was built over
            swa = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(swa, SWAKVPool):
            self._swa_kv_pool = swa

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
