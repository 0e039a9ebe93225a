from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_pool=None, allocator=None):
        self.allocator = allocator or model_runner.token_to_kv_pool_allocator
        self.pool = kv_pool or model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
