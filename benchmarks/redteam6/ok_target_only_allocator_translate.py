from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.is_draft = model_runner.is_draft_worker
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Draft workers own a full-only pool; only the target's allocator maps into its pool.
        self.swa_translate = (
            allocator.translate_loc_from_full_to_swa
            if not self.is_draft and isinstance(allocator, SWATokenToKVPoolAllocator)
            else None
        )

    def forward_decode(self, loc):
        if self.swa_translate:
            return self.token_to_kv_pool, self.swa_translate(loc)
        return self.token_to_kv_pool, loc
