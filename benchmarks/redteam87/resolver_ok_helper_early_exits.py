"""Decode backend whose pool resolution is split into small early-return helpers."""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool()

    def _own_swa_pool(self) -> Optional[SWAKVPool]:
        if not isinstance(self.kv_pool, SWAKVPool):
            return None
        return self.kv_pool

    def _may_borrow_target_kv(self) -> bool:
        runner = self.model_runner
        if not runner.is_draft_worker:
            return True
        if runner.spec_algorithm.is_frozen_kv_mtp():
            return True
        return False

    def _borrowed_swa_pool(self) -> Optional[SWAKVPool]:
        if not self._may_borrow_target_kv():
            return None
        kv = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(kv, SWAKVPool):
            return None
        logger.debug("using the allocator's hybrid pool")
        return kv

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if (own := self._own_swa_pool()) is not None:
            return own
        return self._borrowed_swa_pool()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
