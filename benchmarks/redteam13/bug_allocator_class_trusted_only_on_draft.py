"""Backend that trusts the allocator class on a draft runner and checks its own pool on a target runner."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        shares_swa_allocator = isinstance(allocator, SWATokenToKVPoolAllocator)
        # A draft shares the target's allocator; a target owns its pool.
        self.use_swa = shares_swa_allocator if self.is_draft else isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
