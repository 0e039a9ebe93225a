class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc_cls = model_runner.token_to_kv_pool_allocator.__class__
        self.use_swa = getattr(alloc_cls, "translate_loc_from_full_to_swa", None) is not None

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
