"""Picks the KV layout with a match statement on the allocator's class pattern (SWATokenToKVPoolAllocator(page_size=1)) and translates its own pool's locations on the hybrid layouts."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator(page_size=1):
                self._layout = "hybrid-token"
            case SWATokenToKVPoolAllocator():
                self._layout = "hybrid-paged"
            case _:
                self._layout = "full"

    def forward_decode(self, loc):
        if self._layout.startswith("hybrid"):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
