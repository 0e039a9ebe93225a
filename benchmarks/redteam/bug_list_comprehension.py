from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        owners = [model_runner.token_to_kv_pool_allocator]
        flags = [isinstance(o, SWATokenToKVPoolAllocator) for o in owners]
        self.use_swa = flags[0]

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
