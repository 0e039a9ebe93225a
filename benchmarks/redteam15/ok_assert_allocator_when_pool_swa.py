"""When its own pool is SWA, asserts the allocator is the hybrid one (it must be) and reads the pool through its window map."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_swa = False
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            allocator = model_runner.token_to_kv_pool_allocator
            assert isinstance(
                allocator, SWATokenToKVPoolAllocator
            ), f"SWAKVPool needs SWATokenToKVPoolAllocator, got {type(allocator).__name__}"
            self.is_swa = True

    def forward_decode(self, loc):
        if self.is_swa:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
