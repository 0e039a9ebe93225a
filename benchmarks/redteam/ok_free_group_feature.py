from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        # batched frees are an allocator feature, unrelated to which KV we read
        self.batched_free = hasattr(alloc, "free_group_begin")
        self.use_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
