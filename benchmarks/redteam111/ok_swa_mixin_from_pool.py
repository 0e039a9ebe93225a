"""Sliding-window support factored into a mixin shared by decode backends."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SlidingWindowPoolMixin:
    """Adds ``swa_kv_pool`` / ``translate_swa_loc`` to a backend.

    Call :meth:`_init_sliding_window` from ``__init__`` with the pool the
    backend reads from.
    """

    swa_kv_pool: Optional[SWAKVPool] = None

    def _init_sliding_window(self, kv_pool: KVCache) -> None:
        self.swa_kv_pool = kv_pool if isinstance(kv_pool, SWAKVPool) else None
        if self.swa_kv_pool is not None:
            logger.info(
                "Hybrid SWA pool detected: %d swa / %d full layers",
                self.swa_kv_pool.swa_layer_nums,
                self.swa_kv_pool.full_layer_nums,
            )

    @property
    def has_sliding_window(self) -> bool:
        return self.swa_kv_pool is not None

    def translate_swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SlidingWindowPoolMixin, AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._init_sliding_window(self.token_to_kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        if self.has_sliding_window:
            return self.swa_kv_pool, self.translate_swa_loc(loc)
        return self.token_to_kv_pool, loc
