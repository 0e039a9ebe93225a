"""Resolver method that tries the allocator's kvcache before its own pool (draft/FROZEN_KV gate on the own pool only) and returns the first hybrid one."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_pool = self._lookup_swa_pool(model_runner)

    @staticmethod
    def _lookup_swa_pool(model_runner):
        # the allocator's kvcache is authoritative: it is what the slots index into
        candidates = [model_runner.token_to_kv_pool_allocator.get_kvcache()]
        is_frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)
        if not model_runner.is_draft_worker or is_frozen():
            candidates.append(model_runner.token_to_kv_pool)
        for pool in candidates:
            if isinstance(pool, SWAKVPool):
                return pool
        return None

    def forward_decode(self, loc):
        pool = self._swa_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
