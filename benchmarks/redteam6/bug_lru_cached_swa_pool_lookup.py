import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.lru_cache(maxsize=None)
def _swa_pool_of(allocator):
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._own_pool = model_runner.token_to_kv_pool
        self._swa_pool = _swa_pool_of(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self._swa_pool is None:
            return self._own_pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
