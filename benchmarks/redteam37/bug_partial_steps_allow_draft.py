"""Decode backend that resolves its SWA pool through partially-applied lookup steps."""

import functools
import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _from_active(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _from_allocator(model_runner, *, allow_draft: bool) -> Optional[SWAKVPool]:
    if model_runner.is_draft_worker and not allow_draft:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


# Speculative drafts share the target allocator, so they may use its kvcache.
_LOOKUP_STEPS = (
    _from_active,
    functools.partial(_from_allocator, allow_draft=True),
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        for step in _LOOKUP_STEPS:
            self.swa_kv_pool = step(model_runner)
            if self.swa_kv_pool is not None:
                break
        logger.debug("swa pool: %s", self.swa_kv_pool is not None)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
