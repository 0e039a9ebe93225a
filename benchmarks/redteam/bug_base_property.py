from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _BackendBase:
    def __init__(self, model_runner):
        self.model_runner = model_runner

    @property
    def allocator(self):
        return self.model_runner.token_to_kv_pool_allocator

    @property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool


class GeneratedAttnBackend(_BackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.sliding = isinstance(self.allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.sliding:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
