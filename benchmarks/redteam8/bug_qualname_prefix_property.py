class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self._pool = model_runner.token_to_kv_pool

    @property
    def _allocator_kind(self) -> str:
        return type(self._runner.token_to_kv_pool_allocator).__qualname__

    @property
    def uses_sliding_window(self) -> bool:
        return self._allocator_kind.startswith("SWA")

    def forward_decode(self, loc):
        pool = self._pool
        if self.uses_sliding_window:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
