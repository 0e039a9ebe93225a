from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool

        def is_hybrid():
            return isinstance(pool, SWAKVPool)

        def can_alloc(n):
            return alloc.available_size() >= n

        self._is_hybrid = is_hybrid
        self._can_alloc = can_alloc

    def forward_decode(self, loc):
        if self._is_hybrid():
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
