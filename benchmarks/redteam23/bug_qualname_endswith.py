"""Decode backend that enables the windowed KV path when the runner uses the hybrid SWA allocator."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = type(allocator).__qualname__.endswith("SWATokenToKVPoolAllocator")
        self.page_size = getattr(allocator, "page_size", 1)

    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
