from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.use_swa = isinstance(self.pool, BaseSWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
