"""Resolver that never consults the allocator (pool only)."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator  # for alloc_extend only
        self._swa_kv_pool = self._resolve_swa_kv_pool()

    def _resolve_swa_kv_pool(self):
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
