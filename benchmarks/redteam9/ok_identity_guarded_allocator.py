from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        owns_alloc = alloc.get_kvcache() is self.token_to_kv_pool
        # A draft shares the target's allocator: only trust it when it manages *our* pool.
        self.sliding = owns_alloc and isinstance(alloc, SWATokenToKVPoolAllocator)
        self._alloc = alloc if self.sliding else None

    def forward_decode(self, loc):
        if not self.sliding:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._alloc.translate_loc_from_full_to_swa(loc)
