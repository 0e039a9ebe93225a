"""Sliding-window decode backend with lazily resolved KV views.

The SWA view and the per-step translation are computed once per backend
instance through ``functools.cached_property`` so CUDA-graph replay does not
repeat the isinstance checks on every step.
"""

from __future__ import annotations

import functools
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    """Decode-only backend for hybrid sliding-window models."""

    def __init__(self, model_runner, sliding_window: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window = sliding_window
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "window backend ready (page_size=%d, window=%s)", self.page_size, sliding_window
        )

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        kvcache = self.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @functools.cached_property
    def is_swa(self) -> bool:
        return self.swa_kv_pool is not None

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.is_swa:
            return self.swa_kv_pool, self._window_locations(loc)
        return self.token_to_kv_pool, loc
