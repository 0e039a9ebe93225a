class GeneratedAttnBackend:
    _SWA_POOL_CLASSES = ("SWAKVPool", "BaseSWAKVPool")

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator  # free-slot accounting only
        self.swa = type(self.kv_pool).__name__ in self._SWA_POOL_CLASSES

    def forward_decode(self, loc):
        if self.swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
