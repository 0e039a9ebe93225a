"""Decode backend that resolves its sliding-window pool through the runner.

Frozen-KV MTP drafts attach to the target's KV cache, so for those the SWA pool is
taken from the shared allocator; other draft workers own a full-attention pool and
never translate.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = self._resolve_swa_kv_pool()
        logger.debug(
            "backend init: draft=%s swa=%s",
            model_runner.is_draft_worker,
            self.swa_kv_pool is not None,
        )

    def _resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = self.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
