"""Per-layer location translators for hybrid sliding-window attention.

Each layer id maps to a callable that converts full-cache locations into the
index space of the buffer that layer reads. Global layers use the identity.
"""

from typing import Callable, Dict, Sequence

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        num_layers: int = 8,
        global_layer_ids: Sequence[int] = (5,),
    ):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        swa_translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        self.global_layer_ids = set(global_layer_ids)
        self.translators: Dict[int, LocTranslator] = {}
        for layer_id in range(num_layers):
            if layer_id in self.global_layer_ids or swa_translate is None:
                self.translators[layer_id] = _identity
            else:
                self.translators[layer_id] = swa_translate
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.translators.get(layer_id, _identity) is not _identity

    def forward_decode(self, loc: torch.Tensor):
        translate = self.translators[self.current_layer]
        return self.token_to_kv_pool, translate(loc)
