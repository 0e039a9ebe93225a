"""Backend whose SWA pool resolution is a ``singledispatchmethod`` over the active pool."""

from __future__ import annotations

import logging
from functools import singledispatchmethod
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.model_runner = model_runner
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa(self.token_to_kv_pool)
        logger.debug(
            "%s: draft=%s swa=%s",
            type(self).__name__,
            model_runner.is_draft_worker,
            self.swa_kv_pool is not None,
        )

    @singledispatchmethod
    def _resolve_swa(self, pool: KVCache) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    @_resolve_swa.register
    def _(self, pool: SWAKVPool) -> Optional[SWAKVPool]:
        return pool

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
