from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            loc = self._swa_pool.full_to_swa_index_mapping[loc]
        return self.pool, loc
