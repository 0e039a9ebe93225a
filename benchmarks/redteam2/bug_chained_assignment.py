class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = allocator = model_runner.token_to_kv_pool_allocator
        self.has_swa = getattr(allocator, "swa_attn_allocator", None) is not None

    def forward_decode(self, loc):
        if self.has_swa:
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
