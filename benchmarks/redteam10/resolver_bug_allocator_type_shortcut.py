"""Resolver with an extra shortcut when the allocator is the SWA allocator."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if (
            not model_runner.is_draft_worker
            or frozen
            or isinstance(allocator, SWATokenToKVPoolAllocator)
        ):
            kv = allocator.get_kvcache()
            return kv if isinstance(kv, SWAKVPool) else None
        return None

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
