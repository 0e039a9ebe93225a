"""Paged decode backend for hybrid sliding-window models.

The allocator is kept as ``self.kv_allocator`` for capacity reporting only; the
windowed decision is made on the cache this runner actually reads, which is
aliased as both ``self.cache`` and ``self.kv``.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool as SwaPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.cache = self.kv = model_runner.token_to_kv_pool
        self.skip_prefill = skip_prefill
        self.windowed = isinstance(self.kv, SwaPool)
        logger.info(
            "decode backend: windowed=%s allocator=%s free=%d",
            self.windowed,
            type(self.kv_allocator).__name__,
            self.kv_allocator.available_size(),
        )

    def capacity_report(self) -> str:
        return f"{type(self.kv_allocator).__name__}: {self.kv_allocator.available_size()} free"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.windowed:
            return self.cache, self.cache.translate_loc_from_full_to_swa(loc)
        return self.cache, loc
