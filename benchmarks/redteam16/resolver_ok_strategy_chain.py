"""Resolver that tries a tuple of bound strategy methods via next(filter(None, ...)); only target and FROZEN_KV-draft strategies consult the allocator."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _as_swa(pool):
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        strategies = (self._own_pool, self._target_shared_pool, self._frozen_kv_draft_pool)
        self._swa_pool = next(filter(None, (s(model_runner) for s in strategies)), None)

    @staticmethod
    def _own_pool(mr):
        return _as_swa(mr.token_to_kv_pool)

    @staticmethod
    def _target_shared_pool(mr):
        if mr.is_draft_worker:
            return None
        return _as_swa(mr.token_to_kv_pool_allocator.get_kvcache())

    @staticmethod
    def _frozen_kv_draft_pool(mr):
        # FROZEN_KV MTP drafts attend over the target's frozen KV
        if mr.is_draft_worker and mr.spec_algorithm.is_frozen_kv_mtp():
            return _as_swa(mr.token_to_kv_pool_allocator.get_kvcache())
        return None

    def forward_decode(self, loc):
        if self._swa_pool is None:
            return self.pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
