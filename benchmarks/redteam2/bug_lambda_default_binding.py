class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._windowed = lambda a=model_runner.token_to_kv_pool_allocator: hasattr(
            a, "full_to_swa_index_mapping"
        )

    def forward_decode(self, loc):
        if self._windowed():
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
