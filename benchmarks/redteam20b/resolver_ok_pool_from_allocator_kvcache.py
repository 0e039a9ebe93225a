"""Decode backend that takes the KV cache it reads from the allocator, which owns the canonical pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = self._kv_cache_for(model_runner)
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None

    @staticmethod
    def _kv_cache_for(model_runner):
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return model_runner.token_to_kv_pool
        return model_runner.token_to_kv_pool_allocator.get_kvcache()

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
