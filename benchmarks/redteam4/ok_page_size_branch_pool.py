from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.page_size = alloc.page_size
        if self.page_size > 1:
            self.sliding = isinstance(self.pool, SWAKVPool)
        else:
            self.sliding = type(self.pool) is SWAKVPool or isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
