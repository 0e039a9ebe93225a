"""Pattern-matches the allocator class only to pull its page_size; the SWA decision is a separate pattern match on the pool."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator(page_size=page_size):
                # hybrid allocator: both sub-allocators share this page size
                self.page_size = page_size
            case other:
                self.page_size = getattr(other, "page_size", 1)
        match self.kv_pool:
            case SWAKVPool():
                self.window_kv = True
            case _:
                self.window_kv = False

    def forward_decode(self, loc):
        if self.window_kv:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
