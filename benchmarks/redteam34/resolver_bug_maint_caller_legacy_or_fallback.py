"""Decode backend whose resolved SWA pool is backed up by a legacy lookup at the call site."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size or 1
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(
            model_runner
        ) or self._legacy_swa_kv_pool(model_runner)
        logger.debug("swa kv pool: %s", type(self._swa_kv_pool).__name__)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """EAGLE drafts share the target allocator but own a separate KV pool;
        only FROZEN_KV MTP drafts read target KV."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @staticmethod
    def _legacy_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        # Pre-refactor lookup, kept for runners built by older launch code.
        kvcache = getattr(model_runner.token_to_kv_pool_allocator, "_kvcache", None)
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
