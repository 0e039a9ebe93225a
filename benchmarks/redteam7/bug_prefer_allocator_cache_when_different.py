from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if kvcache is not pool and isinstance(kvcache, SWAKVPool):
            # runner pool is a view; the allocator holds the real hybrid cache
            pool = kvcache
        self.token_to_kv_pool = pool

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        translate = getattr(pool, "translate_loc_from_full_to_swa", None)
        return pool, translate(loc) if translate is not None else loc
