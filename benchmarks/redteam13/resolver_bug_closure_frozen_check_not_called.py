"""Resolver with local closures for the FROZEN_KV check and the shared-pool fetch, the check tested without calling it."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve(model_runner)

    def _resolve(self, mr):
        def frozen_kv():
            check = getattr(mr.spec_algorithm, "is_frozen_kv_mtp", None)
            return bool(check and check())

        def shared_swa_pool():
            kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None

        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not frozen_kv:
            return None
        return shared_swa_pool()

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
