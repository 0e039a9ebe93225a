from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _is_hybrid(alloc) -> bool:
    obj, hops = alloc, 0
    while obj is not None and hops < 4:
        if isinstance(obj, SWATokenToKVPoolAllocator):
            return True
        obj = getattr(obj, "inner", None)
        hops += 1
    return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.hybrid = _is_hybrid(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if not self.hybrid:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
