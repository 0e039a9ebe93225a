"""Local-attention decode backend for models with a sliding-window layer list.

The backend records, per layer, whether that layer is windowed and routes
windowed layers to the SWA half of the hybrid KV cache.
"""

import logging
from typing import List

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_layers: int = 24, global_layer_stride: int = 4):
        super().__init__()
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.windowed: List[bool] = [
            (i % global_layer_stride) != (global_layer_stride - 1) for i in range(num_layers)
        ]
        allocator_kind = type(self.allocator).__name__
        self.hybrid_cache = allocator_kind.startswith("SWA")
        self.current_layer = 0
        logger.info("allocator=%s hybrid=%s", allocator_kind, self.hybrid_cache)

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.windowed[layer_id]

    def _pool(self, layer_id: int):
        if self.hybrid_cache and self.is_swa_layer(layer_id):
            return self.allocator.get_kvcache()
        return self.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self._pool(self.current_layer)
        if pool is not self.token_to_kv_pool or self.hybrid_cache:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
