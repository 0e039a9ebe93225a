import weakref

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._alloc = weakref.proxy(model_runner.token_to_kv_pool_allocator)
        cache = self._alloc.get_kvcache()
        self.swa_pool = cache if isinstance(cache, SWAKVPool) else None
        self.pool = self.swa_pool or model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
