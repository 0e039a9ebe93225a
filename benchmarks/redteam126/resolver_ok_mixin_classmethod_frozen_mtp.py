"""Mixin providing hybrid SWA pool resolution for speculative runners.

``SpecSWAResolverMixin.resolve_swa_pool`` is a classmethod usable from
factories; backends mix it in ahead of their base class.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SpecSWAResolverMixin:
    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
            # Regular draft workers own a separate full-attention cache.
            return None
        fallback = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(fallback, SWAKVPool):
            return fallback
        return None


class _SWADecodeBackend(AttentionBackend):
    def __init__(self, model_runner) -> None:
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None


class GeneratedAttnBackend(SpecSWAResolverMixin, _SWADecodeBackend):
    def __init__(self, model_runner) -> None:
        super().__init__(model_runner)
        self.swa_pool = self.resolve_swa_pool(model_runner)
        logger.debug("resolved swa pool: %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
