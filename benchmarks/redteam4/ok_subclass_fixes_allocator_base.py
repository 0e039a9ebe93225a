from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _HybridBackendBase:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.sliding = self._is_sliding(model_runner)

    def _is_sliding(self, mr) -> bool:
        return isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend(_HybridBackendBase):
    def _is_sliding(self, mr) -> bool:
        return isinstance(mr.token_to_kv_pool, SWAKVPool)
