"""Sliding-window decode support packaged as a mixin.

``SlidingWindowMixin`` adds the ``uses_sliding_window`` property and the
location remapping; ``_DecodeBackendCore`` holds the runner handles.
"""

from __future__ import annotations

from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


class SlidingWindowMixin:
    """Expects ``self.allocator`` and ``self.kv_pool`` on the host class."""

    @property
    def uses_sliding_window(self) -> bool:
        return isinstance(self.allocator, SWATokenToKVPoolAllocator)

    def window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.uses_sliding_window:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)


class _DecodeBackendCore(AttentionBackend):
    def __init__(self, model_runner) -> None:
        super().__init__()
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.req_to_token = model_runner.req_to_token_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, loc


class GeneratedAttnBackend(SlidingWindowMixin, _DecodeBackendCore):
    """Decode backend for models that interleave full and sliding-window layers."""

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool, _ = super().forward_decode(loc)
        return pool, self.window_locations(loc)
