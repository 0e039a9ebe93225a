class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self._alloc = alloc if alloc.get_kvcache() is self.pool else None

    def forward_decode(self, loc):
        if self._alloc is not None and hasattr(self._alloc, "translate_loc_from_full_to_swa"):
            loc = self._alloc.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
