"""Speculative-decoding aware SWA resolution provided as a mixin.

``SpecSWAResolverMixin`` is shared by the triton and flashinfer-style
backends; it decides which sliding-window pool (if any) a runner reads.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SpecSWAResolverMixin:
    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and spec.is_frozen_kv_mtp():
            # Frozen-KV MTP drafts keep a private cache.
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None


class _DecodeBackendBase(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend(SpecSWAResolverMixin, _DecodeBackendBase):
    """Hybrid SWA decode backend used by target and draft workers."""
