import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.lru_cache(maxsize=None)
def _window_pool_of(allocator):
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def _resolve_swa_kv_pool(model_runner):
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if model_runner.spec_algorithm.is_none():
        return None
    return _window_pool_of(model_runner.token_to_kv_pool_allocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
