"""Hybrid decode backend whose SWA-pool resolver also reports why it chose what it chose."""

import logging
from typing import Optional, Tuple

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Tuple[Optional[SWAKVPool], str]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool, "runner pool is hybrid"
    if model_runner.is_draft_worker:
        if model_runner.spec_algorithm.is_frozen_kv_mtp():
            reason = "frozen-kv draft reads the target cache"
        else:
            return None, "draft worker owns a full-attention pool"
    else:
        reason = "non-draft runner, cache taken from its allocator"
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache, reason
    return None, "no hybrid cache"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool, why = resolve_swa_pool(model_runner)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "swa pool: %s (%s); allocator %s, %d free",
            type(self.swa_pool).__name__ if self.swa_pool is not None else "none",
            why,
            type(allocator).__name__,
            allocator.available_size(),
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
