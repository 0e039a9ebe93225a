"""Resolves the SWA pool with a for/else whose allocator fallback sits in the else clause; a regular draft breaks out of the loop first."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._find_swa_kv_pool(model_runner)
        logger.debug(
            "allocator=%s swa_kv_pool=%s",
            type(model_runner.token_to_kv_pool_allocator).__name__,
            type(self.swa_kv_pool).__name__,
        )

    @staticmethod
    def _find_swa_kv_pool(model_runner):
        reads_target_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
        for pool in (model_runner.token_to_kv_pool,):
            if isinstance(pool, SWAKVPool):
                return pool
            if model_runner.is_draft_worker and not reads_target_kv:
                # A regular draft owns this pool; the allocator's kvcache is the target's.
                break
        else:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
        return None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
