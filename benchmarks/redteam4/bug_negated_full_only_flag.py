from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.full_only = not isinstance(alloc, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.full_only:
            return self.pool, loc
        swa_loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, swa_loc
