"""Per-layer backend routing window layers through the pool's layer mapping."""

import logging
from typing import Dict, Optional, Tuple

import torch

logger = logging.getLogger(__name__)

_WINDOW_PROBE_LAYER = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator_kind = type(model_runner.token_to_kv_pool_allocator).__name__
        self.layers_mapping: Optional[Dict[int, Tuple[int, bool]]] = getattr(
            self.token_to_kv_pool, "layers_mapping", None
        )
        if self.layers_mapping is None and "SWA" in self.allocator_kind:
            logger.debug(
                "%s with a dense pool %s: all layers full attention",
                self.allocator_kind,
                type(self.token_to_kv_pool).__name__,
            )

    def is_window_layer(self, layer_id: int) -> bool:
        if self.layers_mapping is None:
            return False
        if layer_id not in self.layers_mapping:
            raise KeyError(f"layer {layer_id} unknown to pool ({self.allocator_kind})")
        return self.layers_mapping[layer_id][1]

    def window_layer_ids(self) -> list:
        if self.layers_mapping is None:
            return []
        return sorted(i for i, (_, is_swa) in self.layers_mapping.items() if is_swa)

    def forward_decode(self, loc: torch.Tensor, layer_id: int = _WINDOW_PROBE_LAYER):
        if self.is_window_layer(layer_id):
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
