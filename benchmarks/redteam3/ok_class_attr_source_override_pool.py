class _KVBackendBase:
    kv_source = "token_to_kv_pool_allocator"

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        source = getattr(model_runner, self.kv_source)
        self.swa = hasattr(source, "full_to_swa_index_mapping")


class GeneratedAttnBackend(_KVBackendBase):
    kv_source = "token_to_kv_pool"

    def forward_decode(self, loc):
        if self.swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
