"""Decode-only attention backend assembled from small mixins.

``SlidingWindowMixin`` owns hybrid SWA detection and location remapping,
``DecodeBackendBase`` owns the common runner plumbing. The concrete backend
just wires the two together so other kernels can reuse the mixin.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class DecodeBackendBase(AttentionBackend):
    """Shared state every decode backend in this package needs."""

    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

    def _pool_and_locs(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, loc


class SlidingWindowMixin:
    """Adds hybrid sliding-window handling on top of ``DecodeBackendBase``."""

    swa_kv_pool: Optional[KVCache] = None

    def _setup_sliding_window(self, model_runner) -> None:
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            # The hybrid allocator carries the paired full/SWA cache.
            self.swa_kv_pool = allocator.get_kvcache()
            logger.info(
                "Hybrid SWA cache detected (swa size=%d, full size=%d)",
                allocator.size_swa,
                allocator.size_full,
            )

    @property
    def uses_sliding_window(self) -> bool:
        return self.swa_kv_pool is not None

    def _remap_for_window(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SlidingWindowMixin, DecodeBackendBase):
    """Paged decode backend with optional sliding-window layers."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        DecodeBackendBase.__init__(self, model_runner)
        self._setup_sliding_window(model_runner)
        self.skip_prefill = skip_prefill

    def forward_decode(self, loc: torch.Tensor):
        if self.uses_sliding_window:
            return self.swa_kv_pool, self._remap_for_window(loc)
        return self._pool_and_locs(loc)
