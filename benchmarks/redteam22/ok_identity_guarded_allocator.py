"""Backend that trusts the hybrid allocator only when it manages the very pool this backend reads."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _allocator_owns_pool(allocator, pool) -> bool:
    return allocator.get_kvcache() is pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(
            allocator, SWATokenToKVPoolAllocator
        ) and _allocator_owns_pool(allocator, self.token_to_kv_pool)

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
