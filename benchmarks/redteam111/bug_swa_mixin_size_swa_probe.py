"""Sliding-window support factored into a mixin shared by decode backends."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SlidingWindowPoolMixin:
    """Adds ``swa_kv_pool`` / ``translate_swa_loc`` to a backend.

    Call :meth:`_init_sliding_window` from ``__init__`` with the model runner;
    the mixin probes the allocator's SWA capacity to decide whether the
    hybrid layout is in use.
    """

    swa_kv_pool: Optional[SWAKVPool] = None

    def _init_sliding_window(self, model_runner) -> None:
        allocator = model_runner.token_to_kv_pool_allocator
        swa_tokens = getattr(allocator, "size_swa", 0)
        if swa_tokens > 0:
            self.swa_kv_pool = allocator.get_kvcache()
            logger.info("Hybrid SWA layout detected: %d swa tokens", swa_tokens)

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
        self._init_sliding_window(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.has_sliding_window:
            return self.swa_kv_pool, self.translate_swa_loc(loc)
        return self.token_to_kv_pool, loc
