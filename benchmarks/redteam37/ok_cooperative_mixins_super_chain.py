"""Decode backend assembling its SWA pool lookup from cooperative mixins chained with super()."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _PoolLookup:
    def _swa_pool_for(self, model_runner) -> Optional[SWAKVPool]:
        return None


class _SharedAllocatorLookup(_PoolLookup):
    def _swa_pool_for(self, model_runner):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        return super()._swa_pool_for(model_runner)


class _DraftGuard(_PoolLookup):
    def _swa_pool_for(self, model_runner):
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return super()._swa_pool_for(model_runner)


class _ActivePoolLookup(_PoolLookup):
    def _swa_pool_for(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        return super()._swa_pool_for(model_runner)


class GeneratedAttnBackend(_ActivePoolLookup, _DraftGuard, _SharedAllocatorLookup):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._swa_pool_for(model_runner)
        logger.debug("mro: %s", [c.__name__ for c in type(self).__mro__])

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
