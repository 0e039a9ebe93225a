"""Backend that enables windowed decode when the runner's KV state advertises sliding-window support."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        signals = (
            isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator),
            isinstance(self.pool, SWAKVPool),
        )
        self.windowed = all(signals)

    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
