from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        facts = (bool(model_runner.is_draft_worker), isinstance(alloc, SWATokenToKVPoolAllocator))
        match facts:
            case (False, True):
                pool = alloc.get_kvcache()
            case (True, _) | (_, False):
                pool = model_runner.token_to_kv_pool
        self.pool = pool
        self.is_swa = isinstance(pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.is_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
