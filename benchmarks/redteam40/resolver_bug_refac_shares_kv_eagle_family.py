"""Backend whose resolver asks a ``shares_target_kv`` property; FROZEN_KV MTP is an EAGLE
variant, so the property asks the algorithm family rather than one member."""

from __future__ import annotations

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool()

    @property
    def is_draft(self) -> bool:
        return bool(self._model_runner.is_draft_worker)

    @property
    def shares_target_kv(self) -> bool:
        return self._model_runner.spec_algorithm.is_eagle()

    def _resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        pool = self._model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if self.is_draft and not self.shares_target_kv:
            return None
        kvcache = self._model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
