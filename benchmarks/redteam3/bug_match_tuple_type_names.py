class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kinds = (type(self.pool).__name__, type(model_runner.token_to_kv_pool_allocator).__name__)
        match kinds:
            case (_, "SWATokenToKVPoolAllocator"):
                self.mode = "hybrid"
            case ("MLATokenToKVPool", _):
                self.mode = "mla"
            case _:
                self.mode = "full"

    def forward_decode(self, loc):
        if self.mode == "hybrid":
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
