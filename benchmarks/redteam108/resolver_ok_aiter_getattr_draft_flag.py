"""AITER attention backend, SWA pool resolution and decode page table (fork).

Mirrors upstream ``AiterAttnBackend._resolve_swa_kv_pool``; the fork forces
the unified attention kernel whenever a sliding-window pool is in use and
keeps the ``SGLANG_USE_AITER_UNIFIED_ATTN`` override otherwise.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )
        if self.use_sliding_window_kv_pool:
            self.use_triton_unified_attention = True
        else:
            self.use_triton_unified_attention = get_bool_env_var("SGLANG_USE_AITER_UNIFIED_ATTN")
        logger.info(
            "aiter: unified_attention=%s swa=%s",
            self.use_triton_unified_attention,
            self.use_sliding_window_kv_pool,
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if getattr(model_runner, "is_draft_worker", False):
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _decode_page_table(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices

    def forward_decode(self, loc: torch.Tensor):
        page_table = self._decode_page_table(loc)
        pool = self.swa_kv_pool if self.use_sliding_window_kv_pool else self.token_to_kv_pool
        return pool, page_table
