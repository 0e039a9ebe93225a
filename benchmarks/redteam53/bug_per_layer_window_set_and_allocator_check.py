"""Decode backend with per-layer sliding-window flags (interleaved local/global)."""

import logging
from dataclasses import dataclass
from typing import FrozenSet, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class LayerPlan:
    num_layers: int
    window_layers: FrozenSet[int]

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.window_layers


def _build_layer_plan(model_config, default_layers: int = 4) -> LayerPlan:
    num_layers = getattr(model_config, "num_hidden_layers", None) or default_layers
    explicit = getattr(model_config, "swa_layer_ids", None)
    if explicit is None:
        # Gemma-style interleave: even layers are local
        explicit = range(0, num_layers, 2)
    return LayerPlan(num_layers=num_layers, window_layers=frozenset(explicit))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.layer_plan = _build_layer_plan(model_runner.model_config)
        self.hybrid_kv = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.forward_metadata: Optional[dict] = None
        logger.debug(
            "window layers %s (hybrid kv=%s)",
            sorted(self.layer_plan.window_layers),
            self.hybrid_kv,
        )

    def _use_window_pool(self, layer_id: int) -> bool:
        return self.hybrid_kv and self.layer_plan.is_swa_layer(layer_id)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = {
            "seq_lens": torch.ones(loc.numel(), dtype=torch.int32),
            "loc": loc,
        }

    def forward_decode(self, loc, layer_id: int = 0):
        self.init_forward_metadata(loc)
        read_loc = self.forward_metadata["loc"]
        if self._use_window_pool(layer_id):
            read_loc = self.kv_pool.translate_loc_from_full_to_swa(read_loc)
        return self.kv_pool, read_loc
