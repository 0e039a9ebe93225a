class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        fn = getattr(self.pool, "translate_loc_from_full_to_swa", None)
        self._translate = fn if callable(fn) else None

    def forward_decode(self, loc):
        if self._translate is None:
            return self.pool, loc
        return self.pool, self._translate(loc)
