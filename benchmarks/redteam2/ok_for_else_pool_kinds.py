from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_WINDOWED_POOLS = [SWAKVPool]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        for kind in _WINDOWED_POOLS:
            if isinstance(self.pool, kind):
                self.window_mode = True
                break
        else:
            self.window_mode = False
            if isinstance(alloc, SWATokenToKVPoolAllocator):
                # speculative draft: hybrid allocator, full-only pool of its own
                self.window_mode = False

    def forward_decode(self, loc):
        if self.window_mode:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
