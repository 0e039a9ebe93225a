class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        try:
            self._to_swa = allocator.translate_loc_from_full_to_swa
        except AttributeError:
            self._to_swa = None

    def forward_decode(self, loc):
        if self._to_swa is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._to_swa(loc)
