"""Pattern-matches the allocator class to pull its page_size and, in the same match, marks the hybrid case as windowed KV."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_kv = False
        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator(page_size=page_size):
                # hybrid allocator: both sub-allocators share this page size
                self.page_size = page_size
                self.window_kv = True
            case other:
                self.page_size = getattr(other, "page_size", 1)

    def forward_decode(self, loc):
        if self.window_kv:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
