"""Decode backend that resolves and caches the sliding-window pool on first use.

Resolution is deferred to the first decode step because the hybrid pool may be swapped in
after backend construction (e.g. by the CUDA-graph runner).
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNSET = object()


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self._swa_pool_cache = _UNSET

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if self._swa_pool_cache is _UNSET:
            self._swa_pool_cache = self._resolve_swa_pool()
            logger.debug("resolved swa pool: %s", type(self._swa_pool_cache).__name__)
        return self._swa_pool_cache

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
