"""Decode backend resolving its SWA pool from a list of named sources.

``SWA_POOL_SOURCES`` names the candidates in priority order; each one is a
``_swa_pool_from_<source>`` method looked up with ``getattr`` so subclasses can
add or reorder sources without overriding the resolver.
"""

from __future__ import annotations

import logging
from typing import Optional, Sequence, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    SWA_POOL_SOURCES: Sequence[str] = ("active_pool", "shared_allocator")

    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        for source in self.SWA_POOL_SOURCES:
            pool = getattr(self, f"_swa_pool_from_{source}")()
            if pool is not None:
                logger.debug("swa pool from %s", source)
                return pool
        return None

    def _swa_pool_from_active_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _swa_pool_from_shared_allocator(self) -> Optional[SWAKVPool]:
        mr = self.model_runner
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            # A regular draft worker owns a separate, full-attention cache.
            return None
        cache = mr.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
