"""Triton-style backend whose SWA-pool resolver skips the allocator fallback only for FROZEN_KV drafts (the condition is inverted)."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_size = model_runner.sliding_window_size
        self.swa_kv_pool = self._pick_swa_pool(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            model_runner.is_draft_worker,
            model_runner.spec_algorithm,
        )

    @staticmethod
    def _pick_swa_pool(pool, allocator, is_draft, spec_algorithm):
        if isinstance(pool, SWAKVPool):
            return pool
        if is_draft and spec_algorithm in (SpeculativeAlgorithm.FROZEN_KV_MTP,):
            return None
        kv = allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
