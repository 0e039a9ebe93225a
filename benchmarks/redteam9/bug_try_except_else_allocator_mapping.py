class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        try:
            mapping = model_runner.token_to_kv_pool_allocator.full_to_swa_index_mapping
        except AttributeError:
            self.mapping = None
        else:
            self.mapping = mapping
        finally:
            self.ready = True

    def forward_decode(self, loc):
        if self.mapping is not None:
            return self.pool, self.mapping[loc].to(loc.dtype)
        return self.pool, loc
