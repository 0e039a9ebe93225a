"""Resolves the SWA pool with next(filter(...)) over a generator that only reorders candidates for a regular draft (own pool first) and still yields the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.sliding_pool = next(
            filter(lambda p: isinstance(p, SWAKVPool), self._pools_by_preference(model_runner)),
            None,
        )

    @staticmethod
    def _pools_by_preference(model_runner):
        own = model_runner.token_to_kv_pool
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # A regular draft prefers the pool it owns.
            yield own
            yield shared()
        else:
            yield shared()
            yield own

    def forward_decode(self, loc):
        pool = self.sliding_pool
        if pool is None:
            return self.pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
