"""Decode backend composed from cooperative SWA-lookup mixins.

``PoolSWALookupMixin`` answers from the runner's own pool; ``AllocatorSWALookupMixin``
defers to the next class in the MRO and falls back to the allocator's cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _SWALookupBase:
    def _find_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        return None


class PoolSWALookupMixin(_SWALookupBase):
    def _find_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None


class AllocatorSWALookupMixin(_SWALookupBase):
    def _find_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        found = super()._find_swa_pool(model_runner)
        if found is not None:
            return found
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class _DecodeBackend(_SWALookupBase):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._find_swa_pool(model_runner)
        logger.debug("%s: swa_pool=%s", type(self).__name__, type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc


class GeneratedAttnBackend(AllocatorSWALookupMixin, PoolSWALookupMixin, _DecodeBackend):
    pass
