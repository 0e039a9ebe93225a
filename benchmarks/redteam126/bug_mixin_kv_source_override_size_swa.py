"""Hybrid decode backend with capacity-aware KV source selection.

``HybridCapacityMixin`` overrides ``_kv_source`` to prefer the hybrid cache
whenever a sliding-window region has been provisioned; ``_DecodeBackendBase``
supplies the default source and the decode flow.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DecodeBackendBase:
    def __init__(self, model_runner) -> None:
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = self._kv_source()

    def _kv_source(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class HybridCapacityMixin:
    def _kv_source(self) -> KVCache:
        swa_tokens = getattr(self.allocator, "size_swa", 0)
        if swa_tokens:
            logger.info("hybrid SWA region provisioned: %d tokens", swa_tokens)
            return self.allocator.get_kvcache()
        return super()._kv_source()


class GeneratedAttnBackend(HybridCapacityMixin, _DecodeBackendBase):
    """Decode backend for hybrid full/sliding-window checkpoints."""
