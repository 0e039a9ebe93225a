from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        pool = self.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(pool, SWAKVPool)
        self.swa_kv_pool = pool if self.use_sliding_window_kv_pool else None

    def _swa_slot_mapping(self, out_cache_loc):
        swa_slot_mapping = self.swa_kv_pool.full_to_swa_index_mapping.long()
        return swa_slot_mapping[out_cache_loc]

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self._swa_slot_mapping(loc)
