"""Decode backend whose SWA pool lookup differs between token-granular and paged allocators."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_regular_draft(model_runner) -> bool:
    return model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()


def _paged_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if _is_regular_draft(model_runner):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def _token_swa_pool(model_runner) -> Optional[SWAKVPool]:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        elif self.page_size > 1:
            self.swa_kv_pool = _paged_swa_pool(model_runner)
        else:
            self.swa_kv_pool = _token_swa_pool(model_runner)
        logger.info("page_size=%d swa=%s", self.page_size, self.swa_kv_pool is not None)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
