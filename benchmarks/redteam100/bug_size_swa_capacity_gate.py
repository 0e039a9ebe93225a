"""Decode backend that sizes local-attention metadata from the SWA budget.

Layers with a finite window read from the SWA region of the cache. The
window table is built from the constructor's layout description.
"""

from dataclasses import dataclass, field
from typing import List

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


@dataclass
class LocalAttnLayout:
    num_hidden_layers: int = 8
    sliding_window: int = 2048
    global_every: int = 4
    windows: List[int] = field(default_factory=list)

    def __post_init__(self):
        if not self.windows:
            self.windows = [
                0 if (i % self.global_every) == self.global_every - 1 else self.sliding_window
                for i in range(self.num_hidden_layers)
            ]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, layout: LocalAttnLayout = None):
        super().__init__()
        self.layout = layout or LocalAttnLayout()
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_capacity = int(getattr(self.allocator, "size_swa", 0) or 0)
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.layout.windows[layer_id] > 0

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_capacity > 0 and self.is_swa_layer(self.current_layer):
            swa_pool = self.allocator.get_kvcache()
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.default_pool, loc
