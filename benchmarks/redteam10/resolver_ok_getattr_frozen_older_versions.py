"""Resolver tolerant of sglang versions without FROZEN_KV_MTP."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_frozen_kv_draft(model_runner) -> bool:
    fn = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return bool(fn()) if callable(fn) else False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool()
        if self.swa_kv_pool is not None:
            logger.info("SWA kv pool in use (%d swa slots)", self.swa_kv_pool.size_swa)

    def _resolve_swa_kv_pool(self):
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not _is_frozen_kv_draft(runner):
            return None
        candidate = runner.token_to_kv_pool_allocator.get_kvcache()
        return candidate if isinstance(candidate, SWAKVPool) else None

    def forward_decode(self, loc):
        pool = self.swa_kv_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
