"""Per-layer KV pool routing for hybrid sliding-window models.

Each layer id is bound at construction to the KV pool it reads from and to a
flag saying whether its locations go through the SWA index space. The
allocator is kept only for slot allocation in `alloc_decode_slots`.
"""

from typing import Dict, Sequence, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        num_layers: int = 16,
        full_attention_layer_ids: Sequence[int] = (3, 7, 11, 15),
    ):
        super().__init__()
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        hybrid = isinstance(pool, SWAKVPool)
        self.full_attention_layer_ids = frozenset(full_attention_layer_ids)
        self.layer_routes: Dict[int, Tuple[KVCache, bool]] = {
            lid: (pool, hybrid and lid not in self.full_attention_layer_ids)
            for lid in range(num_layers)
        }
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id not in self.full_attention_layer_ids

    def alloc_decode_slots(self, batch_size: int) -> torch.Tensor:
        return self.allocator.alloc(batch_size)

    def forward_decode(self, loc: torch.Tensor):
        pool, use_swa_index = self.layer_routes[self.current_layer]
        if use_swa_index:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
