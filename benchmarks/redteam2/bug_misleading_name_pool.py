class GeneratedAttnBackend:
    def __init__(self, model_runner):
        # "pool" here is the memory pool the runner allocates from
        kv_cache, pool = model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        self.kv_cache = kv_cache
        self.swa_map = (
            pool.full_to_swa_index_mapping if hasattr(pool, "swa_attn_allocator") else None
        )

    def forward_decode(self, loc):
        if self.swa_map is not None:
            loc = self.swa_map[loc]
        return self.kv_cache, loc
