"""Resolves the SWA pool with assignment expressions; the draft guard binds spec_algorithm.is_frozen_kv_mtp without calling it, so the bound method is truthy and the guard never fires."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)

    @staticmethod
    def _resolve(mr):
        if isinstance(own := mr.token_to_kv_pool, SWAKVPool):
            return own
        if (is_draft := mr.is_draft_worker) and not (frozen := mr.spec_algorithm.is_frozen_kv_mtp):
            logger.debug("draft=%s frozen_kv=%s: keeping the draft's own pool", is_draft, frozen)
            return None
        if isinstance(kvcache := mr.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool):
            return kvcache
        return None

    def forward_decode(self, loc):
        if (swa := self.swa_kv_pool) is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
