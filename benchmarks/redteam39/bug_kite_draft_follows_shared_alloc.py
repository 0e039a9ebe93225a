"""Decode backend for target and draft workers of hybrid sliding-window models."""

from __future__ import annotations

import logging
from typing import Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _swa_pool_for(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    allocator = model_runner.token_to_kv_pool_allocator
    # Draft workers share the target's allocator, so follow it to the hybrid cache.
    if model_runner.is_draft_worker and isinstance(allocator, SWATokenToKVPoolAllocator):
        return allocator.get_kvcache()
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.is_draft = model_runner.is_draft_worker
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _swa_pool_for(model_runner)
        logger.info(
            "%s backend, swa=%s",
            "draft" if self.is_draft else "target",
            self.swa_pool is not None,
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
