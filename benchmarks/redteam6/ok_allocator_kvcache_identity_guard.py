from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    """Translate through the allocator only when it manages the very pool we read."""

    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._translate = None
        if (
            isinstance(allocator, SWATokenToKVPoolAllocator)
            and allocator.get_kvcache() is self.token_to_kv_pool
        ):
            self._translate = allocator.translate_loc_from_full_to_swa

    def forward_decode(self, loc):
        if self._translate is not None:
            loc = self._translate(loc)
        return self.token_to_kv_pool, loc
