"""FlashInfer-derived backend keeping its sliding-window flag in step with the resolved SWA pool."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None

    def _resolve_swa_kv_pool(self, model_runner):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        if not isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
            return None
        return self.token_to_kv_pool_allocator.get_kvcache()

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        pool = self._swa_kv_pool or self.token_to_kv_pool
        return pool, pool.translate_loc_from_full_to_swa(loc)
