from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.window = isinstance(self.pool, SWAKVPool)

    def __repr__(self):
        alloc = self._runner.token_to_kv_pool_allocator
        return (
            f"{type(self).__name__}(pool={type(self.pool).__name__}, "
            f"allocator={alloc.__class__.__qualname__}, window={self.window})"
        )

    def forward_decode(self, loc):
        if self.window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
