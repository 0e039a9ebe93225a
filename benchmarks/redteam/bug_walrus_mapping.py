class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._map = None
        alloc = model_runner.token_to_kv_pool_allocator
        if (m := getattr(alloc, "full_to_swa_index_mapping", None)) is not None:
            self._map = m

    def forward_decode(self, loc):
        if self._map is not None:
            loc = self._map[loc]
        return self.pool, loc
