_SWA_POOL_NAMES = ("SWAKVPool", "BaseSWAKVPool")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc_size = model_runner.token_to_kv_pool_allocator.size
        self.swa = any(cls.__name__ in _SWA_POOL_NAMES for cls in type(self.pool).__mro__)

    def forward_decode(self, loc):
        if self.swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
