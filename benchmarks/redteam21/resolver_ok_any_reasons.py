"""Backend whose resolver borrows the allocator's cache when any listed reason to share the target's KV holds."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        if self.swa_pool is None:
            reasons_to_share = (
                not model_runner.is_draft_worker,
                model_runner.spec_algorithm.is_frozen_kv_mtp(),
            )
            if any(reasons_to_share):
                shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
                self.swa_pool = shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
