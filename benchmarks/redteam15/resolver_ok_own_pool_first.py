"""Resolver method that returns its own hybrid pool first and falls back to the allocator's kvcache only for non-EAGLE-style drafts."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_pool = self._lookup_swa_pool(model_runner)

    @staticmethod
    def _lookup_swa_pool(model_runner):
        candidates = [model_runner.token_to_kv_pool]
        is_frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)
        if not model_runner.is_draft_worker or is_frozen():
            candidates.append(model_runner.token_to_kv_pool_allocator.get_kvcache())
        for pool in candidates:
            if isinstance(pool, SWAKVPool):
                return pool
        return None

    def forward_decode(self, loc):
        pool = self._swa_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
