_HYBRID_PARTS = ("full_kv_pool", "swa_kv_pool")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.is_hybrid = all(hasattr(self.pool, part) for part in _HYBRID_PARTS)
        self.hybrid_alloc = all(
            hasattr(alloc, p) for p in ("full_attn_allocator", "swa_attn_allocator")
        )

    def forward_decode(self, loc):
        if not self.is_hybrid:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
