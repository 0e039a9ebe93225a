"""Decode backend that enables window-local indexing when a sliding-window region exists.

The window region is detected from its capacity so that models with ``sliding_window`` set
but no dedicated window cache keep using global indices.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def _window_capacity(model_runner) -> int:
    allocator = model_runner.token_to_kv_pool_allocator
    return int(getattr(allocator, "size_swa", 0) or 0)


class _WindowConfig:
    def __init__(self, model_runner):
        self.capacity = _window_capacity(model_runner)
        self.enabled = self.capacity > 0

    def __repr__(self) -> str:
        return f"_WindowConfig(capacity={self.capacity}, enabled={self.enabled})"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window = _WindowConfig(model_runner)
        logger.info("sliding window config: %r", self.window)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        if self.window.enabled:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
