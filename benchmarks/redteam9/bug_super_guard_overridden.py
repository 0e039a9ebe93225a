from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _BackendBase:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        self.is_draft = model_runner.is_draft_worker

    def _may_use_allocator_map(self):
        return not self.is_draft


class GeneratedAttnBackend(_BackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.window = self._may_use_allocator_map() and isinstance(
            self.alloc, SWATokenToKVPoolAllocator
        )

    def _may_use_allocator_map(self):
        # drafts share the target's allocator, so its map is valid for them too
        return True

    def forward_decode(self, loc):
        if self.window:
            return self.pool, self.alloc.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
