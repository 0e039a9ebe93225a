"""Decode backend using ``singledispatchmethod`` to specialise on the pool type."""

from __future__ import annotations

import logging
from functools import singledispatchmethod
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeForwardMetadata:
    def __init__(self, window_size: Optional[int] = None):
        self.window_size = window_size
        self.translated: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.forward_metadata = DecodeForwardMetadata(sliding_window_size)

    @singledispatchmethod
    def _kv_indices(self, pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
        return loc

    @_kv_indices.register
    def _(self, pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
        return pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeForwardMetadata(self.forward_metadata.window_size)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        indices = self._kv_indices(self.token_to_kv_pool, loc)
        self.forward_metadata.translated = indices
        return self.token_to_kv_pool, indices
