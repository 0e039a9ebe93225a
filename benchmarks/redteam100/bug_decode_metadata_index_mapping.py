"""Decode metadata builder for hybrid local/global attention.

Builds a small per-step metadata object holding the KV locations each layer
reads, so local layers can index their compact SWA buffers directly.
"""

from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


@dataclass
class HybridDecodeMetadata:
    layer_id: int
    window_size: int
    kv_locations: torch.Tensor
    swa_locations: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        window_sizes: List[int] = (4096, 4096, 4096, 4096, 4096, -1),
    ):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.window_sizes = list(window_sizes)
        self.current_layer = 0
        self.forward_metadata: Optional[HybridDecodeMetadata] = None

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.window_sizes[layer_id % len(self.window_sizes)] > 0

    def init_forward_metadata(self, loc: torch.Tensor) -> HybridDecodeMetadata:
        layer_id = self.current_layer
        meta = HybridDecodeMetadata(
            layer_id=layer_id,
            window_size=self.window_sizes[layer_id % len(self.window_sizes)],
            kv_locations=loc,
        )
        mapping = getattr(self.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None)
        if self.is_swa_layer(layer_id) and mapping is not None:
            meta.swa_locations = mapping[loc]
        self.forward_metadata = meta
        return meta

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_forward_metadata(loc)
        if meta.swa_locations is not None:
            return self.token_to_kv_pool, meta.swa_locations
        return self.token_to_kv_pool, meta.kv_locations
