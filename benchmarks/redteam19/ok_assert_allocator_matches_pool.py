"""Decides SWA from its own pool and, on that path only, asserts the allocator is an SWATokenToKVPoolAllocator with a mapping."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_swa_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        if self.is_swa_pool:
            allocator = model_runner.token_to_kv_pool_allocator
            assert isinstance(
                allocator, SWATokenToKVPoolAllocator
            ), f"SWAKVPool needs a hybrid allocator, got {type(allocator).__name__}"
            assert allocator.full_to_swa_index_mapping is not None

    def forward_decode(self, loc):
        if self.is_swa_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
