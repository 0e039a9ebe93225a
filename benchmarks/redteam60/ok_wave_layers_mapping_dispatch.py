"""Wave decode backend port for hybrid sliding-window models.

Uses the pool's `layers_mapping` (layer_id -> (index in sub-pool, is_swa)) to decide which
layers read SWA-pool slots, and remaps their decode indices with the pool's index table.
"""

import logging
from typing import Dict, Tuple

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Wave attention backend, decode path, with per-layer SWA dispatch."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_head = model_runner.model_config.num_attention_heads
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        layers_mapping: Dict[int, Tuple[int, bool]] = (
            getattr(self.token_to_kv_pool, "layers_mapping", None) or {}
        )
        self.swa_layer_ids = sorted(lid for lid, (_, is_swa) in layers_mapping.items() if is_swa)
        self.full_to_swa_index_mapping = (
            self.token_to_kv_pool.full_to_swa_index_mapping if self.swa_layer_ids else None
        )
        logger.debug("wave backend: swa layers=%s", self.swa_layer_ids)

    def _is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.swa_layer_ids

    def _decode_indices(self, out_cache_loc: torch.Tensor, layer_id: int) -> torch.Tensor:
        if self._is_swa_layer(layer_id):
            return self.full_to_swa_index_mapping[out_cache_loc].to(torch.int64)
        return out_cache_loc

    def forward_decode(self, loc, layer_id: int = None):
        if layer_id is None:
            # Default to the first sliding-window layer when one exists.
            layer_id = self.swa_layer_ids[0] if self.swa_layer_ids else 0
        return self.token_to_kv_pool, self._decode_indices(loc, layer_id)
