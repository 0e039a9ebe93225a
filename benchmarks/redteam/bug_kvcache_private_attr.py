from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        # the allocator keeps the pool it serves; reuse it instead of plumbing another arg
        kv = model_runner.token_to_kv_pool_allocator._kvcache
        self.swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
