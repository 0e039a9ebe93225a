"""Backend that decides SWA from the allocator on the target worker and from its own pool on a draft worker."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # The target owns the allocator and its pool; a draft only borrows the allocator.
        self.use_swa = (
            isinstance(self.token_to_kv_pool, SWAKVPool)
            if model_runner.is_draft_worker
            else isinstance(allocator, SWATokenToKVPoolAllocator)
        )

    def forward_decode(self, loc):
        if self.use_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
