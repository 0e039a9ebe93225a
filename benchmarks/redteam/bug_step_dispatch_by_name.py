_STEP_FOR = {"SWATokenToKVPoolAllocator": "_decode_windowed"}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kind = type(model_runner.token_to_kv_pool_allocator).__name__
        self._step = getattr(self, _STEP_FOR.get(kind, "_decode_full"))

    def _decode_full(self, loc):
        return self.pool, loc

    def _decode_windowed(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self._step(loc)
