"""Backend that trusts the allocator class on a target runner and checks its own pool on a draft runner."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        shares_swa_allocator = isinstance(allocator, SWATokenToKVPoolAllocator)
        # A draft shares the target's allocator but owns its pool; a target owns both.
        self.use_swa = isinstance(self.pool, SWAKVPool) if self.is_draft else shares_swa_allocator

    def forward_decode(self, loc):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
