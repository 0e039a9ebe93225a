from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        # "the pool the allocator manages" -- the target's, not necessarily ours
        self.use_swa = isinstance(model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
