"""SWA pool resolver spread over module-level helpers with early returns."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _active_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if not isinstance(pool, SWAKVPool):
        return None
    return pool


def _reads_target_kv(model_runner) -> bool:
    """Whether this runner attends over the target's KV cache."""
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


def _shared_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if not _reads_target_kv(model_runner):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if not isinstance(kvcache, SWAKVPool):
        return None
    return kvcache


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = _active_swa_pool(model_runner)
    if pool is not None:
        return pool
    return _shared_swa_pool(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)
        self.page_size = model_runner.page_size
        logger.debug(
            "swa pool resolved: %s",
            type(self.swa_kv_pool).__name__ if self.swa_kv_pool else None,
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
