"""Per-layer KV pool routing for hybrid sliding-window models.

At construction each layer id is bound to the KV cache object it reads from,
so the hot decode path does a single dict lookup.
"""

from typing import Dict, Sequence

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
        self.full_attention_layer_ids = set(full_attention_layer_ids)
        default_pool = model_runner.token_to_kv_pool
        hybrid_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.layer_pools: Dict[int, KVCache] = {}
        for layer_id in range(num_layers):
            if layer_id not in self.full_attention_layer_ids and isinstance(
                hybrid_cache, SWAKVPool
            ):
                self.layer_pools[layer_id] = hybrid_cache
            else:
                self.layer_pools[layer_id] = default_pool
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id not in self.full_attention_layer_ids

    def forward_decode(self, loc: torch.Tensor):
        pool = self.layer_pools[self.current_layer]
        if self.is_swa_layer(self.current_layer) and isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
