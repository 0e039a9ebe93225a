"""Backend that re-reads the active KV cache on every call so swapped-in pools are honoured."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner

    def _active_kv_cache(self):
        # Resolve lazily: speculative views may swap the cache after construction.
        return self.model_runner.token_to_kv_pool_allocator.get_kvcache()

    def forward_decode(self, loc):
        pool = self._active_kv_cache()
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
