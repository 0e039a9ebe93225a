"""Backend using the allocator's translation only when the allocator owns our pool."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        owns_our_pool = allocator.get_kvcache() is self.token_to_kv_pool
        self._allocator = (
            allocator
            if owns_our_pool and isinstance(allocator, SWATokenToKVPoolAllocator)
            else None
        )

    def forward_decode(self, loc):
        if self._allocator is not None:
            return self.token_to_kv_pool, self._allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
