"""Hybrid SWA decode backend that logs capacity after resolving its window pool."""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        allocator = model_runner.token_to_kv_pool_allocator
        window = getattr(allocator, "size_swa", None)
        full = getattr(allocator, "size_full", allocator.size)
        logger.info(
            "hybrid decode: draft=%s window_tokens=%s full_tokens=%d ratio=%s swa_pool=%s",
            model_runner.is_draft_worker,
            window,
            full,
            f"{window / full:.2f}" if window else "n/a",
            type(self.swa_pool).__name__ if self.swa_pool is not None else None,
        )

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
