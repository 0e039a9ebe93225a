"""Resolves the SWA pool with conditional expressions; the allocator's kvcache is only fetched when the runner is not a regular draft."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._swa_pool_of(model_runner)

    @staticmethod
    def _swa_pool_of(model_runner):
        own = model_runner.token_to_kv_pool
        local_only = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        shared = None if local_only else model_runner.token_to_kv_pool_allocator.get_kvcache()
        return (
            own
            if isinstance(own, SWAKVPool)
            else (shared if isinstance(shared, SWAKVPool) else None)
        )

    def forward_decode(self, loc):
        return (
            (self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc))
            if self.swa_pool is not None
            else (self.pool, loc)
        )
