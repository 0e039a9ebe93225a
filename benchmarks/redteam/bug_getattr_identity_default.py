class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        # identity when the model has no sliding window layers
        self._to_swa = getattr(alloc, "translate_loc_from_full_to_swa", lambda loc: loc)

    def forward_decode(self, loc):
        return self.pool, self._to_swa(loc)
