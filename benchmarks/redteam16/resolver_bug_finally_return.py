"""Resolver whose fallback to the allocator's kvcache sits in a `finally` that returns, overriding the regular draft's early `return None`."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    def _resolve(self, mr):
        shared = mr.token_to_kv_pool_allocator.get_kvcache()
        resolved = mr.token_to_kv_pool if isinstance(mr.token_to_kv_pool, SWAKVPool) else None
        try:
            if resolved is None and mr.is_draft_worker:
                if not mr.spec_algorithm.is_frozen_kv_mtp():
                    return None
        finally:
            # nothing of our own: fall back to the pool the allocator was built over
            if resolved is None and isinstance(shared, SWAKVPool):
                return shared
        return resolved

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
