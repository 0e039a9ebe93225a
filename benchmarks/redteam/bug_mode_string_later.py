class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._allocator_kind = type(model_runner.token_to_kv_pool_allocator).__name__

    def forward_decode(self, loc):
        if self._allocator_kind.startswith("SWA"):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
