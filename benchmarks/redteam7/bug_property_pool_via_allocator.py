class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner

    @property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool_allocator.get_kvcache()

    @property
    def has_swa(self) -> bool:
        return hasattr(self.kv_pool, "translate_loc_from_full_to_swa")

    def forward_decode(self, loc):
        if self.has_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
