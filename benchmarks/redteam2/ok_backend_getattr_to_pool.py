class GeneratedAttnBackend:
    """Exposes the KV pool's helpers directly on the backend."""

    def __init__(self, model_runner):
        self._pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._pool, name)

    def forward_decode(self, loc):
        if hasattr(self, "translate_loc_from_full_to_swa"):
            loc = self.translate_loc_from_full_to_swa(loc)
        return self._pool, loc
