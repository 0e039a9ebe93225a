from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_SWA_POOL_CACHE = {}


def resolve_swa_kv_pool(model_runner):
    allocator = model_runner.token_to_kv_pool_allocator
    key = id(allocator)
    if key not in _SWA_POOL_CACHE:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            _SWA_POOL_CACHE[key] = active
        else:
            shared = allocator.get_kvcache()
            _SWA_POOL_CACHE[key] = shared if isinstance(shared, SWAKVPool) else None
    return _SWA_POOL_CACHE[key]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
