"""Attention backend that resolves its SWA pool in one nested conditional expression."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = pool = model_runner.token_to_kv_pool
        algo = model_runner.spec_algorithm
        has_frozen = hasattr(algo, "is_frozen_kv_mtp")
        regular_draft = model_runner.is_draft_worker and not has_frozen and algo.is_frozen_kv_mtp()
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_pool = (
            pool
            if isinstance(pool, SWAKVPool)
            else None if regular_draft else kv if isinstance(kv, SWAKVPool) else None
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
