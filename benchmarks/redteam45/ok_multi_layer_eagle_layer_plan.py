"""Multi-layer EAGLE: per-draft-layer plan, window routing from each layer's pool."""

import logging
from dataclasses import dataclass, field
from typing import List

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DraftLayerPlan:
    layer_id: int
    windowed: bool


@dataclass
class MultiLayerPlan:
    layers: List[DraftLayerPlan] = field(default_factory=list)
    free_slots_at_init: int = 0

    def any_windowed(self) -> bool:
        return any(p.windowed for p in self.layers)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_layers: int = 3):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool_is_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

        self.plan = MultiLayerPlan(
            layers=[DraftLayerPlan(layer_id=i, windowed=pool_is_swa) for i in range(num_layers)],
            # free-slot accounting is the allocator's job and only feeds the log line
            free_slots_at_init=self.allocator.available_size(),
        )
        self.layer_id = 0
        logger.info(
            "multi-layer plan: %d layers, %d free slots, windowed=%s",
            len(self.plan.layers),
            self.plan.free_slots_at_init,
            self.plan.any_windowed(),
        )

    def set_layer(self, layer_id: int):
        self.layer_id = layer_id % len(self.plan.layers)

    def _translate(self, loc):
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        layer = self.plan.layers[self.layer_id]
        if layer.windowed:
            return self.token_to_kv_pool, self._translate(loc)
        return self.token_to_kv_pool, loc
