from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        candidates = (
            vars(model_runner.token_to_kv_pool_allocator).get("_kvcache"),
            model_runner.token_to_kv_pool,
        )
        self.swa_pool = next((p for p in candidates if isinstance(p, BaseSWAKVPool)), None)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.default_pool, loc
