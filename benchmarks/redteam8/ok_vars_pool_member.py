class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.mapping = vars(self.pool).get("full_to_swa_index_mapping")
        self.allocator_free = model_runner.token_to_kv_pool_allocator.available_size()

    def forward_decode(self, loc):
        if self.mapping is None:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
