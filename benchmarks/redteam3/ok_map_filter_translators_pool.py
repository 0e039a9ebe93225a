class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        hooks = map(lambda o: getattr(o, "translate_loc_from_full_to_swa", None), (self.pool,))
        self.translators = list(filter(callable, hooks))

    def forward_decode(self, loc):
        for translate in self.translators:
            loc = translate(loc)
        return self.pool, loc
