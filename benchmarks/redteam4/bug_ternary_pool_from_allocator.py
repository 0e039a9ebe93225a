class GeneratedAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        hybrid = getattr(alloc, "swa_attn_allocator", None) is not None
        self.pool = alloc.get_kvcache() if hybrid else model_runner.token_to_kv_pool
        self.hybrid = hybrid

    def forward_decode(self, loc):
        loc = self.pool.translate_loc_from_full_to_swa(loc) if self.hybrid else loc
        return self.pool, loc
