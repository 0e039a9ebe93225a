"""Decode backend whose SWA pool is derived through a chain of small read-only properties."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._model_runner = model_runner
        self.num_free_at_init = self.allocator.available_size()
        logger.debug("%s: %d free slots", type(self.allocator).__name__, self.num_free_at_init)

    @property
    def allocator(self):
        return self._model_runner.token_to_kv_pool_allocator

    @property
    def own_pool(self):
        return self._model_runner.token_to_kv_pool

    @property
    def is_regular_draft(self) -> bool:
        mr = self._model_runner
        return bool(mr.is_draft_worker) and not mr.spec_algorithm.is_frozen_kv_mtp()

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.own_pool, SWAKVPool):
            return self.own_pool
        if self.is_regular_draft:
            return None
        kvcache = self.allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        swa = self.swa_kv_pool
        if swa is None:
            return self.own_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
