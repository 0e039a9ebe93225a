"""Attention backend that trusts the allocator's SWA translation only when it serves this pool."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        serves_this_pool = allocator.get_kvcache() is self.pool
        self.allocator = (
            allocator
            if serves_this_pool and isinstance(allocator, SWATokenToKVPoolAllocator)
            else None
        )

    def forward_decode(self, loc):
        if self.allocator is None:
            return self.pool, loc
        return self.pool, self.allocator.translate_loc_from_full_to_swa(loc)
