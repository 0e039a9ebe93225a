from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    _MODE_BY_ALLOCATOR = {SWATokenToKVPoolAllocator: "sliding"}

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc_cls = type(model_runner.token_to_kv_pool_allocator)
        self.mode = self._MODE_BY_ALLOCATOR.get(alloc_cls, "full")

    def forward_decode(self, loc):
        if self.mode == "sliding":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
