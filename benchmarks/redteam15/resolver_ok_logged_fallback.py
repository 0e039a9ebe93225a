"""Resolves the SWA pool through a guarded helper, logging the allocator class when its kvcache cannot be fetched."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _reads_target_kv(model_runner) -> bool:
    """True for a draft worker that attends over the target's KV (FROZEN_KV MTP)."""
    check = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return bool(model_runner.is_draft_worker and check is not None and check())


def _fetch_allocator_kvcache(model_runner):
    allocator = model_runner.token_to_kv_pool_allocator
    try:
        return allocator.get_kvcache()
    except NotImplementedError:
        logger.warning("%s exposes no kvcache; no SWA fallback", type(allocator).__name__)
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            resolved = self.token_to_kv_pool
        elif _reads_target_kv(model_runner) or not model_runner.is_draft_worker:
            resolved = _fetch_allocator_kvcache(model_runner)
        else:
            resolved = None
        self._swa_kv = resolved if isinstance(resolved, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv is not None:
            return self._swa_kv, self._swa_kv.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
