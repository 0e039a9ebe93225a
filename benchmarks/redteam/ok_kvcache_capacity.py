from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        # sizing only: the shared allocator's pool bounds how many tokens can be in flight
        self.max_tokens = model_runner.token_to_kv_pool_allocator.get_kvcache().size
        self.use_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
