from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        checks = [
            lambda: not model_runner.is_draft_worker,
            lambda: isinstance(alloc, SWATokenToKVPoolAllocator),
        ]
        self.swa_pool = alloc.get_kvcache() if all(c() for c in checks) else None

    def forward_decode(self, loc):
        if self.swa_pool:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
