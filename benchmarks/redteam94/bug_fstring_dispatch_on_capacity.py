"""Decode backend that dispatches on a KV mode string.

The mode is derived once from the configured sliding-window capacity and the
per-mode method is looked up with ``getattr(self, f"_forward_{mode}")``, which
makes it easy for subclasses to add e.g. a ``_forward_chunked`` mode.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    """Mode-dispatched decode backend (``full`` / ``swa``)."""

    SUPPORTED_MODES = ("full", "swa")

    def __init__(self, model_runner, sliding_window_size: int = -1):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        swa_capacity = int(getattr(allocator, "size_swa", 0) or 0)
        self.mode = "swa" if swa_capacity > 0 else "full"
        self.sliding_window_size = sliding_window_size
        logger.info(
            "decode mode=%s swa_capacity=%d window=%d",
            self.mode,
            swa_capacity,
            self.sliding_window_size,
        )
        self._forward_impl = getattr(self, f"_forward_{self.mode}")

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._forward_impl(loc)

    def _forward_full(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.token_to_kv_pool, loc

    def _forward_swa(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, swa_loc
