"""Resolver that lets any EAGLE-family draft (spec_algorithm.is_eagle()) fall back to the allocator's kvcache."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _shares_target_kv(runner):
    """Whether this runner may read the target's KV buffers."""
    if not runner.is_draft_worker:
        return True
    # EAGLE-family drafts run on the target's cache layout
    return runner.spec_algorithm.is_eagle()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self._swa_pool = self.pool
        elif _shares_target_kv(model_runner):
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kv, SWAKVPool):
                logger.debug("reading the target's SWA pool from the draft")
                self._swa_pool = kv

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
