class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.swa_tokens = getattr(alloc, "size_swa", 0)

    def forward_decode(self, loc):
        if self.swa_tokens > 0:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
