"""Attention backend with per-layer sliding window sizes.

Mistral/Qwen-style hybrids publish a `window_sizes` list (one entry per layer,
``None`` for full attention). Local layers read their KV through the compact
SWA index space.
"""

from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        window_sizes: Optional[List[Optional[int]]] = None,
    ):
        super().__init__()
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        if window_sizes is None:
            window_sizes = [1024, 1024, 1024, None] * 4
        self.window_sizes = window_sizes
        self.current_layer = 0
        self.use_swa_index = isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def window_for_layer(self, layer_id: int) -> Optional[int]:
        if layer_id >= len(self.window_sizes):
            return None
        return self.window_sizes[layer_id]

    def _decode_locations(self, layer_id: int, loc: torch.Tensor) -> torch.Tensor:
        if self.window_for_layer(layer_id) is not None and self.use_swa_index:
            return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        layer_id = self.current_layer
        locations = self._decode_locations(layer_id, loc)
        return self.token_to_kv_pool, locations
