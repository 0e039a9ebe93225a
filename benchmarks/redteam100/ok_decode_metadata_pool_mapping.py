"""Decode metadata builder for hybrid local/global attention.

The per-step metadata holds the KV locations the current layer reads. For
windowed layers on a hybrid pool these are the SWA-space locations obtained
from the pool; freed slots go back through the allocator.
"""

from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class HybridDecodeMetadata:
    layer_id: int
    window_size: int
    kv_locations: torch.Tensor


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, window_sizes: List[int] = (8192, 8192, 8192, -1)):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.window_sizes = list(window_sizes)
        self.current_layer = 0
        self.forward_metadata: Optional[HybridDecodeMetadata] = None

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.window_sizes[layer_id % len(self.window_sizes)] > 0

    def release_slots(self, loc: torch.Tensor) -> None:
        self.token_to_kv_pool_allocator.free(loc)

    def init_forward_metadata(self, loc: torch.Tensor) -> HybridDecodeMetadata:
        layer_id = self.current_layer
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool) and self.is_swa_layer(layer_id):
            loc = pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = HybridDecodeMetadata(
            layer_id=layer_id,
            window_size=self.window_sizes[layer_id % len(self.window_sizes)],
            kv_locations=loc,
        )
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, meta.kv_locations
