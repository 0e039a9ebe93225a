"""Resolved at every forward: FROZEN_KV views swap the active pool after __init__."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allow_allocator_fallback = (
            not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
        )

    def _resolve_swa_kv_pool(self):
        active = self.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if not self._allow_allocator_fallback:
            return None
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        swa_pool = self._resolve_swa_kv_pool()
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
