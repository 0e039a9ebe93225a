from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_pool=None):
        # callers may pass the pool explicitly (tests); otherwise ask the allocator
        self.pool = kv_pool or model_runner.token_to_kv_pool_allocator.get_kvcache()

    def forward_decode(self, loc):
        if isinstance(self.pool, SWAKVPool):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
