from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _WindowBackendBase:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.sliding = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend(_WindowBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        alloc = model_runner.token_to_kv_pool_allocator
        self.sliding = self.sliding or isinstance(alloc, SWATokenToKVPoolAllocator)
