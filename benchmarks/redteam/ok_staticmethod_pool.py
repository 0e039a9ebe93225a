from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = self._is_hybrid(self.pool)

    @staticmethod
    def _is_hybrid(kv_pool) -> bool:
        return isinstance(kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
