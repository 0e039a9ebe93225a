import inspect


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        self.use_swa = (
            inspect.getattr_static(self.pool, "full_to_swa_index_mapping", None) is not None
        )

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
