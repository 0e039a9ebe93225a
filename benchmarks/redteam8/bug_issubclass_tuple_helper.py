from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _hybrid_allocator_types():
    types = [SWATokenToKVPoolAllocator]
    return tuple(types)


def _is_hybrid(obj) -> bool:
    return issubclass(obj.__class__, _hybrid_allocator_types())


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding = _is_hybrid(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        out = pool.translate_loc_from_full_to_swa(loc) if self.sliding else loc
        return pool, out
