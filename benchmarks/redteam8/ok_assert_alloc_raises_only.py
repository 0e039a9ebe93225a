from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        if isinstance(self.pool, SWAKVPool) and not isinstance(
            allocator, SWATokenToKVPoolAllocator
        ):
            raise TypeError("an SWA pool needs the SWA allocator")
        assert hasattr(allocator, "alloc"), "allocator without alloc()"
        self.swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
