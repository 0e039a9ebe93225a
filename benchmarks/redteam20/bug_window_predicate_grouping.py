"""Backend whose window flag combines the worker role with pool and allocator type checks in one boolean expression."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = (
            not model_runner.is_draft_worker and isinstance(self.pool, SWAKVPool)
        ) or isinstance(allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
