"""FlashAttention-3 backend (decode), fork of flashattention_backend.py.

The SWA pool resolver from sglang 0.5.13 lives on ``SWAPoolMixin`` as a staticmethod so
that the FA3 and FA4 forks pick it up by inheritance.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolMixin:
    @staticmethod
    def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        token_to_kv_pool = model_runner.token_to_kv_pool
        if isinstance(token_to_kv_pool, SWAKVPool):
            return token_to_kv_pool
        spec_algorithm = model_runner.spec_algorithm
        if model_runner.is_draft_worker:
            # Frozen-KV MTP drafts attend over the target's cache; other drafts own a
            # separate full-attention pool and must not see the target's SWA buffers.
            if not spec_algorithm.is_frozen_kv_mtp():
                return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None


class GeneratedAttnBackend(SWAPoolMixin, AttentionBackend):
    def __init__(self, model_runner, topk: int = 0, speculative_step_id: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.topk = topk
        self.speculative_step_id = speculative_step_id
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_kv_pool(model_runner)
        self.page_table: Optional[torch.Tensor] = None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            self.page_table = loc
            return self.token_to_kv_pool, loc
        self.page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, self.page_table
