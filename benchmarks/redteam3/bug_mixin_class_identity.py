from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class SlidingWindowMixin:
    def _init_sliding_window(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window = allocator.__class__ is SWATokenToKVPoolAllocator

    def _maybe_window(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc) if self.sliding_window else loc


class _Base:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool


class GeneratedAttnBackend(SlidingWindowMixin, _Base):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self._init_sliding_window(model_runner)

    def forward_decode(self, loc):
        return self.pool, self._maybe_window(loc)
