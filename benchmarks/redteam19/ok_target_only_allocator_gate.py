"""Trusts the allocator's SWA type only on a non-draft worker, whose pool is the one that allocator was built over."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_draft = bool(model_runner.is_draft_worker)
        allocator_is_swa = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        # Draft workers share the target's allocator but not its pool, so the allocator
        # type says nothing about what a draft backend reads.
        self.swa_enabled = allocator_is_swa and not self.is_draft

    def forward_decode(self, loc):
        if self.swa_enabled:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
