from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_window_pool(pool, allocator):
    if isinstance(pool, SWAKVPool):
        return pool
    if allocator is not None and allocator.get_kvcache() is not None:
        cache = allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            return cache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.window_pool = resolve_window_pool(
            model_runner.token_to_kv_pool, getattr(model_runner, "token_to_kv_pool_allocator", None)
        )

    def forward_decode(self, loc):
        if self.window_pool is not None:
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
