from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _WindowedBackendMixin:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window = isinstance(alloc, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend(_WindowedBackendMixin):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.use_sliding_window:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
