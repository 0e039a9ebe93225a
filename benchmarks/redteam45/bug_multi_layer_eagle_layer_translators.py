"""Multi-layer EAGLE: one draft backend serving several draft layers, per-layer index routing."""

import logging
from dataclasses import dataclass
from typing import Callable, Dict, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class LayerRoute:
    layer_id: int
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None


def _identity(loc):
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_draft_layers: int = 2):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_draft_layers = num_draft_layers
        shared_allocator = model_runner.token_to_kv_pool_allocator

        # Every draft layer reads through the shared allocator's index space, so the
        # per-layer translator comes from there when it offers one.
        translator = getattr(shared_allocator, "translate_loc_from_full_to_swa", None)
        self.routes: Dict[int, LayerRoute] = {
            i: LayerRoute(layer_id=i, translate=translator) for i in range(num_draft_layers)
        }
        self.current_layer = 0
        logger.info(
            "multi-layer EAGLE backend: %d layers, windowed=%s",
            num_draft_layers,
            translator is not None,
        )

    def set_layer(self, layer_id: int):
        if layer_id not in self.routes:
            raise KeyError(f"draft layer {layer_id} not registered")
        self.current_layer = layer_id

    def _route(self) -> LayerRoute:
        return self.routes[self.current_layer]

    def forward_decode(self, loc):
        route = self._route()
        fn = route.translate or _identity
        return self.token_to_kv_pool, fn(loc)
