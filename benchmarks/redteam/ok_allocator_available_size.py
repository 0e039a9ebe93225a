from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(self.pool, SWAKVPool)

    def has_room(self, n):
        return self.allocator.available_size() >= n

    def forward_decode(self, loc):
        assert self.has_room(0)
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
