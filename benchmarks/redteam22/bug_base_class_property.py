"""Concrete decode backend on top of a shared hybrid-attention base class."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class HybridAttnBackendBase:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._kv_allocator = model_runner.token_to_kv_pool_allocator

    @property
    def uses_swa_pool(self) -> bool:
        return isinstance(self._kv_allocator, SWATokenToKVPoolAllocator)

    def _swa_pool(self):
        return self._kv_allocator.get_kvcache()


class GeneratedAttnBackend(HybridAttnBackendBase):
    def forward_decode(self, loc):
        if not self.uses_swa_pool:
            return self.token_to_kv_pool, loc
        pool = self._swa_pool()
        return pool, pool.translate_loc_from_full_to_swa(loc)
