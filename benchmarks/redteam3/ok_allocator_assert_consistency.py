from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = isinstance(self.pool, SWAKVPool)
        if self.windowed and not isinstance(allocator, SWATokenToKVPoolAllocator):
            raise TypeError(
                f"{type(self.pool).__name__} needs an SWA allocator, got {type(allocator).__name__}"
            )

    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
