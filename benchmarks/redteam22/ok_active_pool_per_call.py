"""Backend that re-reads the active KV cache on every call so swapped-in pools are honoured."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _active_kv_cache(self):
        # Resolve lazily: speculative views may swap self.token_to_kv_pool after construction.
        return self.token_to_kv_pool

    def forward_decode(self, loc):
        pool = self._active_kv_cache()
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
