"""SWA pool resolver whose module-level draft helper keeps target KV for the wrong drafts."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _active_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _owns_private_kv(model_runner) -> bool:
    """Drafts that write into their own pool instead of the target's."""
    if not model_runner.is_draft_worker:
        return False
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


def _shared_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if _owns_private_kv(model_runner):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    for step in (_active_swa_pool, _shared_swa_pool):
        pool = step(model_runner)
        if pool is not None:
            logger.debug("swa pool from %s", step.__name__)
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
