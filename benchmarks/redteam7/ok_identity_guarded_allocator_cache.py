from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        # Only trust the allocator's cache when it is the cache this runner reads;
        # speculative drafts own a separate pool.
        if kvcache is model_runner.token_to_kv_pool and isinstance(kvcache, SWAKVPool):
            self._swa_kv_pool = kvcache
        else:
            self._swa_kv_pool = None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
