class GeneratedAttnBackend:
    def __init__(self, model_runner):
        # NOTE: do not write `isinstance(model_runner.token_to_kv_pool_allocator,
        # SWATokenToKVPoolAllocator)` here: an EAGLE draft shares the target's allocator
        # but reads its own full pool. Look at the pool we actually read instead.
        self.pool = model_runner.token_to_kv_pool
        self.swa = self.pool.__class__.__name__ in ("SWAKVPool",)

    def forward_decode(self, loc):
        if self.swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
