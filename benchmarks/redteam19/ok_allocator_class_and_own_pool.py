"""Takes the SWA path only when the allocator is an SWATokenToKVPoolAllocator AND its own pool is an SWAKVPool."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _hybrid_kv(model_runner) -> bool:
    allocator = model_runner.token_to_kv_pool_allocator
    pool = model_runner.token_to_kv_pool
    # Both halves must agree: a draft worker shares the hybrid allocator but keeps a
    # full-only pool of its own.
    return isinstance(allocator, SWATokenToKVPoolAllocator) and isinstance(pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = _hybrid_kv(model_runner)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
