"""Backend whose kv_pool property returns the shared allocator's kvcache, then decides SWA on that pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._model_runner = model_runner
        self.use_sliding_window_kv_pool = isinstance(self.kv_pool, SWAKVPool)

    @property
    def kv_pool(self):
        # Single source of truth for the KV buffers: whatever the allocator manages.
        return self._model_runner.token_to_kv_pool_allocator.get_kvcache()

    def forward_decode(self, loc):
        pool = self.kv_pool
        if self.use_sliding_window_kv_pool:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
