"""Resolver in the old-release shape: own pool if SWA, else the allocator's kvcache if SWA, with no draft check."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        active = model_runner.token_to_kv_pool
        fallback = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self._swa_kv_pool = next((p for p in (active, fallback) if isinstance(p, SWAKVPool)), None)

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
