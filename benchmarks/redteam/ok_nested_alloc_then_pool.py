from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = False
        if isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
            # hybrid model; a draft may still own a full-only pool
            self.use_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
