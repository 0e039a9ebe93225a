_WINDOWED_ALLOCATORS = frozenset({"SWATokenToKVPoolAllocator", "UnifiedSWATokenToKVPoolAllocator"})


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kind = type(model_runner.token_to_kv_pool_allocator).__name__
        self.use_swa = kind in _WINDOWED_ALLOCATORS

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
