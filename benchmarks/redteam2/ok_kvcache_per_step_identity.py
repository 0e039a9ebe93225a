class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        kv = self.allocator.get_kvcache()
        if kv is not self.pool:
            # speculative draft with its own pool: the allocator describes the target
            return self.pool, loc
        translate = getattr(kv, "translate_loc_from_full_to_swa", None)
        if translate is not None:
            loc = translate(loc)
        return self.pool, loc
