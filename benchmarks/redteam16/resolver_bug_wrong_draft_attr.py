"""Resolver that skips the shared-pool fallback for regular drafts, but reads the draft flag as getattr(runner, "is_draft", False)."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve_swa_pool(model_runner)

    @staticmethod
    def _resolve_swa_pool(runner):
        own = runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        # older runners predate the draft flag; treat them as targets
        is_draft = getattr(runner, "is_draft", False)
        if is_draft and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
