"""Backend that takes the SWA pool from the shared allocator, which outlives pool swaps."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # getattr only tolerates minimal allocator stubs in test fixtures.
        self._get_shared_kvcache = getattr(
            model_runner.token_to_kv_pool_allocator, "get_kvcache", lambda: None
        )
        self._swa_kv_pool = self._resolve_swa_kv_pool()

    def _resolve_swa_kv_pool(self):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        kvcache = self._get_shared_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
