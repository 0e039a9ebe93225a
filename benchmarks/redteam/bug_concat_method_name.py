_TRANSLATE = "translate_loc_from_" + "full_to_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        fn = getattr(self.alloc, _TRANSLATE, None)
        if fn is not None:
            loc = fn(loc)
        return self.pool, loc
