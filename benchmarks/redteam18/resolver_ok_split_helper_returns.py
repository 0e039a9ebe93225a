"""Resolves the SWA pool through early returns split over three helper methods; the draft policy helper returns True (stay local) for any draft without a callable FROZEN_KV check."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, model_runner):
        own = self._own_swa_pool(model_runner)
        if own is not None:
            return own
        if self._must_stay_on_own_pool(model_runner):
            return None
        return self._shared_swa_pool(model_runner)

    @staticmethod
    def _own_swa_pool(model_runner):
        pool = model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    @staticmethod
    def _must_stay_on_own_pool(model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return False
        algo = getattr(model_runner, "spec_algorithm", None)
        if algo is None:
            return True
        check = getattr(algo, "is_frozen_kv_mtp", None)
        if not callable(check):
            return True
        return not check()

    @staticmethod
    def _shared_swa_pool(model_runner):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(kvcache, SWAKVPool):
            logger.debug("allocator pool %s is not hybrid", type(kvcache).__name__)
            return None
        return kvcache

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
