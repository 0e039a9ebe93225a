"""SWA-aware decode backend exposing the resolved window pool as a property.

Resolution is lazy so that the backend can be constructed before the memory pools
are finalized (the allocator's sizes may still change after CUDA-graph memory is
accounted for); the result is cached on first access.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNRESOLVED = object()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self._swa_kv_pool = _UNRESOLVED

    @property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    @property
    def allocator(self):
        return self.model_runner.token_to_kv_pool_allocator

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        if self._swa_kv_pool is _UNRESOLVED:
            self._swa_kv_pool = self._resolve()
            logger.info(
                "swa pool resolved to %s; allocator free=%d of %d",
                type(self._swa_kv_pool).__name__,
                self.allocator.available_size(),
                self.allocator.size,
            )
        return self._swa_kv_pool

    def _resolve(self) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        runner = self.model_runner
        is_frozen_draft = runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp()
        if runner.is_draft_worker and not is_frozen_draft:
            return None
        shared = self.allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
