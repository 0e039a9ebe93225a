"""Resolves the SWA pool in try/finally; the finally block fetches the allocator's kvcache into a local, but a regular draft's `return None` inside the try is not overridden."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)

    def _resolve(self, model_runner):
        resolved = None
        try:
            own = model_runner.token_to_kv_pool
            if isinstance(own, SWAKVPool):
                resolved = own
            elif (
                model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
            ):
                return None
        finally:
            if resolved is None:
                kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
                resolved = kvcache if isinstance(kvcache, SWAKVPool) else None
                logger.debug("allocator kvcache is hybrid: %s", resolved is not None)
        return resolved

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
