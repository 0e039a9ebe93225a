from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        active = model_runner.token_to_kv_pool
        self.pool = active
        self._swa_pool = (
            active
            if isinstance(active, SWAKVPool)
            else model_runner.token_to_kv_pool_allocator.get_kvcache()
        )

    def forward_decode(self, loc):
        if isinstance(self._swa_pool, SWAKVPool):
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
