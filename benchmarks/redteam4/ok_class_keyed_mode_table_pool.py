from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    _MODE_BY_POOL = {SWAKVPool: "sliding"}

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.mode = self._MODE_BY_POOL.get(type(self.pool), "full")
        self.alloc_kind = type(model_runner.token_to_kv_pool_allocator).__name__

    def forward_decode(self, loc):
        if self.mode == "sliding":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
