"""Resolver whose draft policy refuses the shared kvcache only to FROZEN_KV MTP drafts (inverted), letting a regular draft read the allocator's SWA pool."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DraftKVPolicy:
    """Which workers may read the target's KV through the shared allocator."""

    @staticmethod
    def refuses_shared_kv(model_runner) -> bool:
        return model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    policy = DraftKVPolicy

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_view = self._swa_view(model_runner)
        logger.debug("swa view resolved: %s", type(self.swa_view).__name__)

    def _swa_view(self, model_runner):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if self.policy.refuses_shared_kv(model_runner):
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_view is None:
            return self.kv_pool, loc
        return self.swa_view, self.swa_view.translate_loc_from_full_to_swa(loc)
