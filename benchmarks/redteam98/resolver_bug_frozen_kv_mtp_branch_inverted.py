"""Speculative-decoding aware wrapper around per-role decode children.

The wrapper resolves the sliding-window pool once and hands it to the child it builds.
Frozen-KV MTP drafts never maintain their own sliding-window state, so they are handled
before falling back to the allocator's pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DecodeChild:
    def __init__(self, pool, swa_pool: Optional[SWAKVPool]):
        self.pool = pool
        self.swa_pool = swa_pool

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        swa_pool = self._resolve_swa_pool(model_runner)
        self.child = _DecodeChild(model_runner.token_to_kv_pool, swa_pool)
        logger.debug("draft=%s swa=%s", model_runner.is_draft_worker, swa_pool is not None)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
