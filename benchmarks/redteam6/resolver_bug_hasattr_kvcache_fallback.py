from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    allocator = model_runner.token_to_kv_pool_allocator
    if hasattr(allocator, "get_kvcache") and hasattr(allocator, "full_to_swa_index_mapping"):
        candidate = allocator.get_kvcache()
        if isinstance(candidate, SWAKVPool):
            return candidate
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
