from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator

        def is_hybrid():
            return isinstance(alloc, SWATokenToKVPoolAllocator)

        self._is_hybrid = is_hybrid

    def forward_decode(self, loc):
        if self._is_hybrid():
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
