"""Sliding-window decode backend for target and draft runners.

The resolver checks the draft case before looking at the shared allocator.
Windowed layers are listed explicitly.
"""

import logging
from typing import Optional, Sequence

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_layer_ids: Sequence[int] = (0, 2, 4, 6)):
        super().__init__()
        self.model_runner = model_runner
        self.sliding_layer_ids = tuple(sliding_layer_ids)
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.current_layer = 0

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        own_pool = model_runner.token_to_kv_pool
        if isinstance(own_pool, SWAKVPool):
            return own_pool
        reads_target_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if model_runner.is_draft_worker and not reads_target_kv:
            logger.debug("draft runner owns a full-only pool; SWA translation disabled")
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.sliding_layer_ids

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None or not self.is_swa_layer(self.current_layer):
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
