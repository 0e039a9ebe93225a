class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        try:
            allocator.full_to_swa_index_mapping  # noqa: B018 - probe only
        except AttributeError:
            self.has_swa = False
        else:
            self.has_swa = True

    def forward_decode(self, loc):
        if self.has_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
