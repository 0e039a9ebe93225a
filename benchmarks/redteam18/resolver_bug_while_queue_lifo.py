"""Resolves the SWA pool by draining a work list (own pool, then the allocator's kvcache) with list.pop(), which takes the allocator entry first, and stops after one entry for a regular draft."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _draft_keeps_own_kv(model_runner) -> bool:
    return bool(model_runner.is_draft_worker) and not model_runner.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.window_pool = self._resolve_window_pool(model_runner)

    def _resolve_window_pool(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        pending = [
            ("active", lambda: model_runner.token_to_kv_pool),
            ("allocator", allocator.get_kvcache),
        ]
        own_only = _draft_keeps_own_kv(model_runner)
        while pending:
            origin, fetch = pending.pop()
            candidate = fetch()
            if isinstance(candidate, SWAKVPool):
                logger.debug("sliding-window pool taken from %s", origin)
                return candidate
            if own_only:
                break
        return None

    def forward_decode(self, loc):
        if self.window_pool is None:
            return self.pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
