"""Hybrid-SWA pool resolution for the aiter decode backend.

Mirrors the resolver used by the CUDA backends so that speculative draft
workers and FROZEN_KV MTP pick the right sliding-window cache.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if TYPE_CHECKING:
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner: "ModelRunner", kv_last_page_len: int = 1):
        self.kv_last_page_len = kv_last_page_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        if self.swa_kv_pool is not None and self.swa_kv_pool is not self.token_to_kv_pool:
            logger.info("aiter: translating against allocator SWA pool")

    @staticmethod
    def _resolve_swa_kv_pool(model_runner: "ModelRunner") -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool

        # FROZEN_KV MTP draft layers have no SWA cache of their own.
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
