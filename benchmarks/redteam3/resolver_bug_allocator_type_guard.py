from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve_swa_pool(mr):
    own = mr.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    allocator = mr.token_to_kv_pool_allocator
    if type(allocator) is not SWATokenToKVPoolAllocator:
        return None
    return allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = _resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
