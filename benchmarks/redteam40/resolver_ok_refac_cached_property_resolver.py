"""Backend whose SWA pool is a ``cached_property`` over the stored runner; a fallback to the
shared allocator's pool is checked with a message naming the allocator."""

from __future__ import annotations

import functools
import logging
from typing import Optional

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._model_runner = model_runner
        self.is_draft_worker = model_runner.is_draft_worker
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[BaseSWAKVPool]:
        mr = self._model_runner
        if isinstance(mr.token_to_kv_pool, BaseSWAKVPool):
            return mr.token_to_kv_pool
        if self.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        allocator = mr.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        if not isinstance(kvcache, BaseSWAKVPool):
            return None
        assert (
            kvcache.full_to_swa_index_mapping is not None
        ), f"{type(allocator).__name__} serves a window pool with no full->swa mapping"
        return kvcache

    def forward_decode(self, loc):
        pool = self.swa_kv_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
