"""Intel XPU attention backend port: per-layer read plan computed once at init."""

import logging
from dataclasses import dataclass
from typing import Dict

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class LayerPlan:
    layer_id: int
    sliding_window: bool
    local_index: int


class GeneratedAttnBackend:
    """XPU backend; which layers read the SWA sub-pool is decided once, per layer."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.layer_plans: Dict[int, LayerPlan] = self._build_layer_plans()
        self.decode_layer = min(self.layer_plans) if self.layer_plans else 0
        self.workspace = None
        logger.info(
            "xpu plan: %d layers, %d windowed",
            len(self.layer_plans),
            sum(p.sliding_window for p in self.layer_plans.values()),
        )

    def _build_layer_plans(self) -> Dict[int, LayerPlan]:
        # The allocator's kvcache carries the hybrid layer mapping (SWAKVPool.layers_mapping).
        cache = self.allocator.get_kvcache()
        mapping = getattr(cache, "layers_mapping", None) or {}
        return {
            layer_id: LayerPlan(layer_id, is_swa, local)
            for layer_id, (local, is_swa) in sorted(mapping.items())
        }

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.workspace = torch.empty((max_bs, 256), dtype=torch.uint8, device=self.device)

    def _plan(self, layer_id: int) -> LayerPlan:
        return self.layer_plans.get(layer_id, LayerPlan(layer_id, False, layer_id))

    def decode_locations(self, loc: torch.Tensor, layer_id: int) -> torch.Tensor:
        if self._plan(layer_id).sliding_window:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.kv_pool, self.decode_locations(loc, self.decode_layer)
