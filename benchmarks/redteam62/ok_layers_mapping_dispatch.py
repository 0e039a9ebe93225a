"""Per-layer decode dispatch for hybrid sliding-window models. Which layers read the
SWA buffer comes from the pool's ``layers_mapping`` ({layer_id: (pool_idx, is_swa)})."""

from typing import Dict, List, Tuple

import torch

# (pool-local layer index, is_swa_layer), as stored by SWAKVPool.
LayerEntry = Tuple[int, bool]


def _build_dispatch(pool) -> Dict[int, bool]:
    mapping: Dict[int, LayerEntry] = getattr(pool, "layers_mapping", None) or {}
    return {layer_id: is_swa for layer_id, (_, is_swa) in mapping.items()}


class GeneratedAttnBackend:
    """Routes each layer's decode reads to the full or the SWA side of the cache."""

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_swa_layer = _build_dispatch(self.token_to_kv_pool)
        swa_layers = sorted(lid for lid, swa in self.is_swa_layer.items() if swa)
        # The decode probe below runs the first sliding-window layer if any.
        self.layer_id = swa_layers[0] if swa_layers else 0

    def _locations_for_layer(self, layer_id: int, loc: torch.Tensor) -> torch.Tensor:
        if self.is_swa_layer.get(layer_id, False):
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._locations_for_layer(self.layer_id, loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    @property
    def swa_layer_ids(self) -> List[int]:
        return sorted(lid for lid, swa in self.is_swa_layer.items() if swa)
