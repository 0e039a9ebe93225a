from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        memory = (model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        self.pool = memory[0]
        self.use_swa = isinstance(memory[1], SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
