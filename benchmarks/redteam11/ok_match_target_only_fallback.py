"""Backend that pattern-matches its pool; the allocator path is for the owning worker only."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        match model_runner.token_to_kv_pool:
            case SWAKVPool() as pool:
                self.kv_pool, self.swa_pool = pool, pool
            case pool if (
                isinstance(alloc, SWATokenToKVPoolAllocator) and not model_runner.is_draft_worker
            ):
                self.kv_pool, self.swa_pool = pool, alloc.get_kvcache()
            case pool:
                self.kv_pool, self.swa_pool = pool, None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
