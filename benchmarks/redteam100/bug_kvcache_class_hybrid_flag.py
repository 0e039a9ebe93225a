"""Sliding-window decode backend with a layer-id keyed window table.

`self.is_hybrid` records whether the KV cache is split into full and SWA
regions; local layers then read through the SWA index space.
"""

import logging
from typing import Dict, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        layer_types: Tuple[str, ...] = (
            "sliding_attention",
            "sliding_attention",
            "full_attention",
        )
        * 4,
        sliding_window: int = 512,
    ):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_hybrid = isinstance(
            model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool
        )
        self.layer_window: Dict[int, int] = {
            i: (sliding_window if t == "sliding_attention" else -1)
            for i, t in enumerate(layer_types)
        }
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.is_hybrid and self.layer_window.get(layer_id, -1) > 0

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_swa_layer(self.current_layer):
            loc = self._translate(loc)
        return self.token_to_kv_pool, loc
