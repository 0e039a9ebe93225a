from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner):
    getter = getattr(model_runner.token_to_kv_pool_allocator, "get_kvcache", None)
    pool = getter() if callable(getter) else model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.default_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
