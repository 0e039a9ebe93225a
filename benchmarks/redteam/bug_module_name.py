class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        origin = type(model_runner.token_to_kv_pool_allocator).__module__
        self.use_swa = origin.rsplit(".", 1)[-1] == "swa"

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
