import weakref

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    """Holds the allocator weakly (it outlives us, but avoid a cycle through the runner)."""

    def __init__(self, model_runner):
        self._allocator_ref = weakref.ref(model_runner.token_to_kv_pool_allocator)
        self._fallback_pool = model_runner.token_to_kv_pool

    def _current_pool(self):
        allocator = self._allocator_ref()
        if allocator is not None and hasattr(allocator, "get_kvcache"):
            return allocator.get_kvcache()
        return self._fallback_pool

    def forward_decode(self, loc):
        pool = self._current_pool()
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
