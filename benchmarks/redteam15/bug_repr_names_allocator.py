"""Builds a debug description from the allocator and pool class names and re-reads it to decide on windowed reads."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator_cls = type(model_runner.token_to_kv_pool_allocator).__name__
        self._pool_cls = type(self.kv_pool).__name__

    def __repr__(self):
        return f"{type(self).__name__}(pool={self._pool_cls}, allocator={self._allocator_cls})"

    def _windowed(self):
        # The hybrid classes are all prefixed "SWA"; reuse the repr instead of importing them.
        return "(pool=SWA" in repr(self) or "allocator=SWA" in repr(self)

    def forward_decode(self, loc):
        if self._windowed():
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
