from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator  # noqa: F841 (kept for debugging)
        self.pool = pool
        self.use_swa = isinstance(pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
