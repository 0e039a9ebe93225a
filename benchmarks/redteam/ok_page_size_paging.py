from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner.token_to_kv_pool_allocator, "page_size", 1)
        self.paged = self.page_size > 1
        self.use_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.paged:
            loc = loc // self.page_size * self.page_size + loc % self.page_size
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
