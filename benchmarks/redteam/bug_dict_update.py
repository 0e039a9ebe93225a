from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.__dict__.update(
            pool=model_runner.token_to_kv_pool,
            alloc=model_runner.token_to_kv_pool_allocator,
        )

    def forward_decode(self, loc):
        if isinstance(self.alloc, SWATokenToKVPoolAllocator):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
