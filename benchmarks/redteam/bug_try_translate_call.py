class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        try:
            loc = self.alloc.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            pass  # not a hybrid SWA model
        return self.pool, loc
