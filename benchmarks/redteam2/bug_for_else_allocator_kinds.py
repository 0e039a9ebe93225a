from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_WINDOWED_ALLOCATORS = [SWATokenToKVPoolAllocator]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        for kind in _WINDOWED_ALLOCATORS:
            if isinstance(alloc, kind):
                self.window_mode = True
                break
        else:
            self.window_mode = False

    def forward_decode(self, loc):
        if self.window_mode:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
