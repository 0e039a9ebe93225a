from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        hybrid_allocator = isinstance(allocator, SWATokenToKVPoolAllocator)
        # The allocator may be shared with a draft whose pool is full-only; the pool decides.
        self.use_swa = hybrid_allocator and isinstance(pool, SWAKVPool)
        self.pool = pool

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
