"""Decode backend that instantiates a full or sliding-window wrapper for every layer."""

from typing import Dict, List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _FullAttnLayer:
    sliding = False

    def __init__(self, layer_id: int, kv_pool):
        self.layer_id = layer_id
        self.kv_pool = kv_pool

    def kv_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def read(self, loc: torch.Tensor):
        return self.kv_pool, self.kv_locations(loc)


class _SlidingAttnLayer(_FullAttnLayer):
    sliding = True

    def __init__(self, layer_id: int, hybrid_pool: SWAKVPool):
        super().__init__(layer_id, hybrid_pool.swa_kv_pool)
        self.hybrid_pool = hybrid_pool

    def kv_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.hybrid_pool.translate_loc_from_full_to_swa(loc)


def _layer_kinds(kv_pool) -> Dict[int, bool]:
    if isinstance(kv_pool, SWAKVPool):
        return {lid: is_swa for lid, (_, is_swa) in kv_pool.layers_mapping.items()}
    return {lid: False for lid in range(kv_pool.layer_num)}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        # Allocator only consulted for capacity reporting.
        self.max_tokens = model_runner.token_to_kv_pool_allocator.size
        self.layers: List[_FullAttnLayer] = []
        for layer_id, sliding in sorted(_layer_kinds(self.kv_pool).items()):
            if sliding:
                self.layers.append(_SlidingAttnLayer(layer_id, self.kv_pool))
            else:
                self.layers.append(_FullAttnLayer(layer_id, self.kv_pool))

    def _first_decode_layer(self) -> _FullAttnLayer:
        for layer in self.layers:
            if layer.sliding:
                return layer
        return self.layers[0]

    def forward_decode(self, loc: torch.Tensor):
        return self._first_decode_layer().read(loc)
