from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_HYBRID_BY_ALLOCATOR: dict = {}


def _is_hybrid(allocator) -> bool:
    return _HYBRID_BY_ALLOCATOR.setdefault(
        id(allocator), isinstance(allocator, SWATokenToKVPoolAllocator)
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        if _is_hybrid(self.allocator):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
