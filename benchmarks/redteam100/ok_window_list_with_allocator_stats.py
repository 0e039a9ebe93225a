"""Sliding-window decode backend with per-layer window sizes and cache stats.

The allocator is only consulted for occupancy statistics that are attached to
the decode metadata; the KV buffers come from the runner's pool.
"""

import logging
from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeStats:
    layer_id: int
    window_size: Optional[int]
    free_slots: int


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, window_sizes: Optional[List[Optional[int]]] = None):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.window_sizes = window_sizes or [4096, 4096, 4096, None] * 8
        self.current_layer = 0
        self.last_stats: Optional[DecodeStats] = None

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.window_sizes[layer_id] is not None

    def _collect_stats(self, layer_id: int) -> DecodeStats:
        return DecodeStats(
            layer_id=layer_id,
            window_size=self.window_sizes[layer_id],
            free_slots=self.token_to_kv_pool_allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.last_stats = self._collect_stats(self.current_layer)
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool) and self.is_swa_layer(self.current_layer):
            loc = pool.translate_loc_from_full_to_swa(loc)
        logger.debug("decode stats: %s", self.last_stats)
        return pool, loc
