from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            loc = self.alloc.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
