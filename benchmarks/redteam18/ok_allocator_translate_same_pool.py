"""Translates through the SWA allocator only when the allocator's get_kvcache() is its own pool (so the mapping is its own); otherwise reads untranslated."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        owns_allocator_pool = allocator.get_kvcache() is self.pool
        self._translate = (
            allocator.translate_loc_from_full_to_swa
            if owns_allocator_pool and isinstance(allocator, SWATokenToKVPoolAllocator)
            else None
        )

    def forward_decode(self, loc):
        if self._translate is not None:
            return self.pool, self._translate(loc)
        return self.pool, loc
