"""Decode backend that probes its own pool for a full->SWA mapping, EAFP style."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _own_swa_pool(pool) -> Optional[SWAKVPool]:
    try:
        mapping = pool.full_to_swa_index_mapping
    except AttributeError:
        return None
    if mapping is None:
        logger.debug("%s has no full->swa mapping registered yet", type(pool).__name__)
    return pool


def _target_swa_pool(model_runner) -> Optional[SWAKVPool]:
    try:
        draft = model_runner.is_draft_worker
    except AttributeError:
        draft = False
    if draft and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return _own_swa_pool(kvcache)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        swa = _own_swa_pool(self.token_to_kv_pool)
        if swa is None:
            swa = _target_swa_pool(model_runner)
        self.swa_kv_pool = swa
        self.page_size = getattr(model_runner.token_to_kv_pool_allocator, "page_size", 1)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
