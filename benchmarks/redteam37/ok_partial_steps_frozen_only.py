"""Decode backend that resolves its SWA pool through partially-applied lookup steps."""

import functools
import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _from_active(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _from_allocator(model_runner, *, draft_may_share) -> Optional[SWAKVPool]:
    if model_runner.is_draft_worker and not draft_may_share(model_runner.spec_algorithm):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


_LOOKUP_STEPS = (
    _from_active,
    # Only FROZEN_KV MTP drafts attend over the target's cache.
    functools.partial(_from_allocator, draft_may_share=lambda algo: algo.is_frozen_kv_mtp()),
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.swa_kv_pool = next(
            (p for p in (step(model_runner) for step in _LOOKUP_STEPS) if p is not None),
            None,
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
