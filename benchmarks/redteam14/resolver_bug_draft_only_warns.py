"""FlashMLA-style backend whose SWA-pool resolver only warns for non-frozen drafts and still returns the allocator's pool."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self._swa_pool = self._resolve_swa_pool(model_runner)

    def _resolve_swa_pool(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(kvcache, SWAKVPool):
            return None
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.warning(
                "draft worker (%s) resolves the target SWA pool", model_runner.spec_algorithm
            )
        return kvcache

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
