from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if kvcache is not self.token_to_kv_pool and isinstance(kvcache, SWAKVPool):
            self.swa_read_pool = kvcache
        elif isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_read_pool = self.token_to_kv_pool
        else:
            self.swa_read_pool = None

    def forward_decode(self, loc):
        pool = self.swa_read_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
