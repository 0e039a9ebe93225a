from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_SWA_TYPES = (SWAKVPool, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        parts = (self.pool, model_runner.token_to_kv_pool_allocator)
        self.swa = any(isinstance(part, _SWA_TYPES) for part in parts)

    def forward_decode(self, loc):
        if self.swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
