"""Decode backend with an explicit per-layer attention kind.

Layers are tagged LOCAL or GLOBAL. LOCAL layers on a hybrid SWA KV pool read
through the compact SWA index space.
"""

import enum
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


class LayerKind(enum.Enum):
    LOCAL = "local"
    GLOBAL = "global"


def default_layer_kinds(num_layers: int = 12, global_every: int = 3) -> List[LayerKind]:
    return [
        LayerKind.GLOBAL if (i + 1) % global_every == 0 else LayerKind.LOCAL
        for i in range(num_layers)
    ]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, layer_kinds: Optional[List[LayerKind]] = None):
        super().__init__()
        self.device = model_runner.device
        self.layer_kinds = layer_kinds or default_layer_kinds()
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_hybrid_pool = isinstance(self.kv_pool, BaseSWAKVPool)
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.layer_kinds[layer_id] is LayerKind.LOCAL

    def _decode_loc(self, layer_id: int, loc: torch.Tensor) -> torch.Tensor:
        if self.is_hybrid_pool and self.is_swa_layer(layer_id):
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._decode_loc(self.current_layer, loc)
