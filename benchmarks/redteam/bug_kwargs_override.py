from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner, **overrides):
        self.pool = overrides.get("kv_pool") or model_runner.token_to_kv_pool
        alloc = overrides.get("allocator") or model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(alloc, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
