from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _SlidingWindowSupport:
    @property
    def is_sliding_window(self) -> bool:
        return isinstance(self.model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend(_SlidingWindowSupport):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.is_sliding_window:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
