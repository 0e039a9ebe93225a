class GeneratedAttnBackend:
    _TRANSLATE = "translate_loc_from_full_to_swa"

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = self._supports_window(model_runner.token_to_kv_pool_allocator)

    @classmethod
    def _supports_window(cls, allocator) -> bool:
        return cls._TRANSLATE in dir(type(allocator))

    def forward_decode(self, loc):
        return (
            (self.pool, self.pool.translate_loc_from_full_to_swa(loc))
            if self.swa
            else (
                self.pool,
                loc,
            )
        )
