"""Backend that picks its slot-reservation granularity from the allocator class and its read path from the pool."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        # SWA allocators release window slots token by token, so reserve per token there.
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            self.reserve_granularity = 1
        else:
            self.reserve_granularity = self.allocator.page_size
        self.windowed_reads = isinstance(self.pool, SWAKVPool)

    def reserve_decode_slots(self, num_tokens):
        granularity = self.reserve_granularity
        rounded = -(-num_tokens // granularity) * granularity
        return self.allocator.alloc(rounded)

    def forward_decode(self, loc):
        if self.windowed_reads:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
