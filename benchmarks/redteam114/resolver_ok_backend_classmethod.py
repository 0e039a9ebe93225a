"""Attention backend with a classmethod that resolves the SWA KV pool.

Resolution order: the runner's own pool if hybrid; nothing for draft workers
that keep a private cache; the allocator's hybrid cache otherwise (target-side
helpers and FROZEN_KV_MTP drafts).
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)

    @classmethod
    def _has_private_cache(cls, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return False
        return not model_runner.spec_algorithm.is_frozen_kv_mtp()

    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if cls._has_private_cache(model_runner):
            logger.debug("draft runner keeps a private full-attention cache")
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
