from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool or alloc.get_kvcache()
        self.sliding = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if not self.sliding:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
