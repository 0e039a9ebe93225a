"""Decode backend overriding a base class's abstract swa_kv_pool property."""

import abc
import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HybridSWABackendBase(abc.ABC):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def _regular_draft(self) -> bool:
        mr = self.model_runner
        return mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()

    @property
    @abc.abstractmethod
    def swa_kv_pool(self) -> Optional[SWAKVPool]: ...

    def forward_decode(self, loc):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(HybridSWABackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self._allocator = model_runner.token_to_kv_pool_allocator
        logger.info("draft=%s", self._regular_draft())

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        kvcache = self._allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
