"""Layer-aware decode dispatch for interleaved sliding-window models.

Builds a per-layer table of which sub-cache a layer reads, and dispatches the
decode gather accordingly. The SWA layer count comes from the KV cache that
backs token allocation.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Dict, List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class LayerPlan:
    num_swa_layers: int
    num_full_layers: int
    swa_layer_ids: List[int] = field(default_factory=list)

    @property
    def has_swa(self) -> bool:
        return self.num_swa_layers > 0


def _plan_from_cache(cache: KVCache) -> LayerPlan:
    num_swa = int(getattr(cache, "swa_layer_nums", 0))
    num_full = int(getattr(cache, "full_layer_nums", getattr(cache, "layer_num", 0)))
    swa_ids: List[int] = []
    mapping: Optional[Dict[int, tuple]] = getattr(cache, "layers_mapping", None)
    if mapping:
        swa_ids = sorted(lid for lid, (_, is_swa) in mapping.items() if is_swa)
    return LayerPlan(num_swa, num_full, swa_ids)


class DecodeGatherStats:
    def __init__(self):
        self.swa_steps = 0
        self.full_steps = 0

    def record(self, swa: bool) -> None:
        if swa:
            self.swa_steps += 1
        else:
            self.full_steps += 1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, track_stats: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.layer_plan = _plan_from_cache(backing)
        self.stats = DecodeGatherStats() if track_stats else None
        logger.info(
            "layer plan: %d swa / %d full layers",
            self.layer_plan.num_swa_layers,
            self.layer_plan.num_full_layers,
        )

    def init_forward_metadata(self, forward_batch):
        pass

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.layer_plan.swa_layer_ids

    def forward_decode(self, loc: torch.Tensor):
        swa = self.layer_plan.has_swa
        if self.stats is not None:
            self.stats.record(swa)
        if swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
