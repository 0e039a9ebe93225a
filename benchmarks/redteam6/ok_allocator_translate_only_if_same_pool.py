class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        get_kvcache = getattr(allocator, "get_kvcache", None)
        owns_our_pool = get_kvcache is not None and get_kvcache() is pool
        if owns_our_pool and hasattr(allocator, "translate_loc_from_full_to_swa"):
            self._translate = allocator.translate_loc_from_full_to_swa
        else:
            self._translate = getattr(pool, "translate_loc_from_full_to_swa", None)
        self.pool = pool

    def forward_decode(self, loc):
        return self.pool, loc if self._translate is None else self._translate(loc)
