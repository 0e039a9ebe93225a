from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        hints = (
            isinstance(self.pool, SWAKVPool),
            isinstance(self.alloc, SWATokenToKVPoolAllocator),
        )
        self.windowed = any(hints)

    def forward_decode(self, loc):
        if not self.windowed:
            return self.pool, loc
        return self.pool, self.alloc.translate_loc_from_full_to_swa(loc)
