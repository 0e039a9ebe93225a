from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        self.hybrid_steps = 0

    def forward_decode(self, loc):
        if isinstance(self.alloc, SWATokenToKVPoolAllocator):
            self.hybrid_steps += 1  # metrics only
        if isinstance(self.pool, SWAKVPool):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
