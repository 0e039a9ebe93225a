"""Resolver using an assignment expression in the draft guard."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        if isinstance(pool := model_runner.token_to_kv_pool, SWAKVPool):
            return pool
        spec = model_runner.spec_algorithm
        if (is_draft := model_runner.is_draft_worker) and spec.is_frozen_kv_mtp():
            return None
        if is_draft:
            logger.debug("draft worker: using the shared SWA kvcache")
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
