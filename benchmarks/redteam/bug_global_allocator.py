from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_ALLOCATOR = None


def _remember(allocator):
    global _ALLOCATOR
    _ALLOCATOR = allocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        _remember(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if isinstance(_ALLOCATOR, SWATokenToKVPoolAllocator):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
