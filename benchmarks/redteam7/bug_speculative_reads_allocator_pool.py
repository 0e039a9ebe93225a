from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.spec_algorithm = model_runner.spec_algorithm
        self.kv_pool = self._pick_pool()

    def _pick_pool(self):
        runner = self.model_runner
        if self.spec_algorithm.is_speculative():
            kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                return kvcache
        return runner.token_to_kv_pool

    def forward_decode(self, loc):
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
