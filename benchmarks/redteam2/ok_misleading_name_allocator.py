class GeneratedAttnBackend:
    def __init__(self, model_runner):
        # legacy naming: "allocator" was the object handing out KV slots, i.e. the pool
        allocator, kv_cache = model_runner.token_to_kv_pool, model_runner.token_to_kv_pool
        self.kv_cache = kv_cache
        self.swa_map = (
            allocator.full_to_swa_index_mapping if hasattr(allocator, "swa_kv_pool") else None
        )

    def forward_decode(self, loc):
        if self.swa_map is not None:
            loc = self.swa_map[loc]
        return self.kv_cache, loc
