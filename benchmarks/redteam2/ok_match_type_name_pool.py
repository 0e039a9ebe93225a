class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        match type(self.pool).__name__:
            case "SWAKVPool" | "BaseSWAKVPool":
                loc = self.pool.translate_loc_from_full_to_swa(loc)
            case "MHATokenToKVPool" | "MLATokenToKVPool":
                pass
            case other:
                raise NotImplementedError(other)
        return self.pool, loc
