from sglang.srt.mem_cache.allocator.paged import PagedTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        if type(alloc) is PagedTokenToKVPoolAllocator and alloc.page_size > 64:
            raise NotImplementedError(f"page size {alloc.page_size} is not supported")
        self.use_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
