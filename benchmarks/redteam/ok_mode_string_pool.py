class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._pool_kind = type(self.pool).__name__
        self._alloc_kind = type(model_runner.token_to_kv_pool_allocator).__name__  # for repr

    def __repr__(self):
        return f"GeneratedAttnBackend(pool={self._pool_kind}, allocator={self._alloc_kind})"

    def forward_decode(self, loc):
        if self._pool_kind.startswith("SWA"):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
