from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # the allocator owns the full->swa map; its map only describes *our* pool
        # when the allocator was built over it
        self._allocator = (
            allocator
            if isinstance(allocator, SWATokenToKVPoolAllocator)
            and allocator.get_kvcache() is self.kv_pool
            else None
        )

    def forward_decode(self, loc):
        if self._allocator is not None:
            loc = self._allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
