class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)

    @staticmethod
    def _resolve(model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        if type(allocator).__name__.startswith("SWA"):
            return allocator.get_kvcache()
        return None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.default_pool, loc
