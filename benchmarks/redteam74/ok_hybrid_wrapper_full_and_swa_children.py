"""Hybrid attention backend that fans out to a full-attention child and a sliding-window child.

The wrapper owns the pool lookup and hands each child the pool it should read, so both
children stay agnostic of how the runner's KV cache was laid out.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _FullAttnChild:
    """Reads full-attention layers straight from the runner's cache."""

    def __init__(self, kv_pool: KVCache):
        self.kv_pool = kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class _SlidingWindowChild:
    """Reads sliding-window layers through the full->SWA index mapping."""

    def __init__(self, swa_pool: SWAKVPool):
        self.swa_pool = swa_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class HybridWindowAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window_size = sliding_window_size
        kv_pool = model_runner.token_to_kv_pool
        self.full_child = _FullAttnChild(kv_pool)
        self.swa_child: Optional[_SlidingWindowChild] = (
            _SlidingWindowChild(kv_pool) if isinstance(kv_pool, SWAKVPool) else None
        )
        logger.debug(
            "HybridWindowAttnBackend: swa_child=%s draft=%s",
            self.swa_child is not None,
            model_runner.is_draft_worker,
        )

    def _active_child(self):
        return self.swa_child if self.swa_child is not None else self.full_child

    def forward_decode(self, loc: torch.Tensor):
        return self._active_child().forward_decode(loc)


GeneratedAttnBackend = HybridWindowAttnBackend
