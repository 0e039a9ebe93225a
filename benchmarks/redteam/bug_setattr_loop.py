from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        for name in ("token_to_kv_pool", "token_to_kv_pool_allocator"):
            setattr(self, name, getattr(model_runner, name))
        self.use_swa = isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
