from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # how to release speculative slots on reject: the SWA allocator frees both pools
        self.free_fn = (
            allocator.free_swa
            if isinstance(allocator, SWATokenToKVPoolAllocator)
            else allocator.free
        )
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if not self.use_swa:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
