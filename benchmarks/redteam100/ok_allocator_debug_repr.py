"""Interleaved-window attention backend with a descriptive repr.

`__repr__` reports the allocator class and per-layer layout for debugging;
routing depends only on the runner's KV pool and the layer table.
"""

from typing import List, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        layer_types: Tuple[str, ...] = ("sliding", "sliding", "sliding", "full") * 3,
    ):
        super().__init__()
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.layer_types: List[str] = list(layer_types)
        self.current_layer = 0

    def __repr__(self) -> str:
        hybrid_alloc = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        return (
            f"{type(self).__name__}(allocator={type(self.allocator).__name__}, "
            f"hybrid_allocator={hybrid_alloc}, pool={type(self.pool).__name__}, "
            f"swa_layers={self.swa_layer_ids()})"
        )

    def swa_layer_ids(self) -> List[int]:
        return [i for i, t in enumerate(self.layer_types) if t == "sliding"]

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.layer_types[layer_id] == "sliding"

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        if swa_pool is not None and self.is_swa_layer(self.current_layer):
            loc = swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
