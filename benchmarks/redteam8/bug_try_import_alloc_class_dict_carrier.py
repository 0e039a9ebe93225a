try:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator as _HybridAlloc
except ImportError:  # older layouts
    try:
        from sglang.srt.mem_cache.swa_memory_pool import (
            SWATokenToKVPoolAllocator as _HybridAlloc,
        )
    except ImportError:
        _HybridAlloc = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._parts = {
            "pool": model_runner.token_to_kv_pool,
            "alloc": model_runner.token_to_kv_pool_allocator,
        }
        self._swa = _HybridAlloc is not None and isinstance(self._parts["alloc"], _HybridAlloc)

    def forward_decode(self, loc):
        pool = self._parts["pool"]
        if self._swa:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
