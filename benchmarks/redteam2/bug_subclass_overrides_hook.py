from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _BaseBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.sliding_window = self._uses_sliding_window()

    def _uses_sliding_window(self) -> bool:
        return isinstance(self.pool, SWAKVPool)


class GeneratedAttnBackend(_BaseBackend):
    def _uses_sliding_window(self) -> bool:
        # hybrid models always come with the hybrid allocator
        return isinstance(self.model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.sliding_window:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
