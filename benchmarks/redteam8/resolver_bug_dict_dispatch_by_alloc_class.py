from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _from_allocator(runner):
    return runner.token_to_kv_pool_allocator.get_kvcache()


def _from_pool(runner):
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


_RESOLVERS = {SWATokenToKVPoolAllocator: _from_allocator}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        resolve = _RESOLVERS.get(type(model_runner.token_to_kv_pool_allocator), _from_pool)
        self.swa_pool = resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.default_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
