"""Paged decode backend; sliding-window layers read through the hybrid pool."""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_head_splits: int = 1):
        self.model_runner = model_runner
        self.num_head_splits = num_head_splits
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = self._select_swa_pool()

    def _has_private_kv_pool(self) -> bool:
        """Draft workers own their KV unless they decode against frozen target KV."""
        runner = self.model_runner
        if not runner.is_draft_worker:
            return False
        return not runner.spec_algorithm.is_frozen_kv_mtp()

    def _select_swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self._has_private_kv_pool():
            logger.debug("draft worker with private KV pool; SWA translation disabled")
            return None
        shared = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        pass

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
