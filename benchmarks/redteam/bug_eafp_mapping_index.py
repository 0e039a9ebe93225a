class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        try:
            loc = self.alloc.full_to_swa_index_mapping[loc]
        except AttributeError:
            pass
        return self.pool, loc
