"""Backend that looks up its KV read layout in a table keyed by allocator class name."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_LAYOUT_BY_ALLOCATOR = {
    "TokenToKVPoolAllocator": "full",
    "PagedTokenToKVPoolAllocator": "full",
    "SWATokenToKVPoolAllocator": "swa",
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        name = model_runner.token_to_kv_pool_allocator.__class__.__name__
        self.layout = _LAYOUT_BY_ALLOCATOR.get(name, "full")
        self.swa = (
            model_runner.token_to_kv_pool_allocator.get_kvcache() if self.layout == "swa" else None
        )

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
