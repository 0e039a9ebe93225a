"""Takes the SWA decode path when the allocator's type is exactly SWATokenToKVPoolAllocator."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        allocator_cls = type(model_runner.token_to_kv_pool_allocator)
        self.use_sliding_window_kv_pool = allocator_cls is SWATokenToKVPoolAllocator

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, swa_loc
