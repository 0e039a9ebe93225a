"""Decode backend that exports KV capacity gauges for hybrid SWA models.

Free-slot counts come from the allocator (``swa_available_size`` when the
allocator tracks a window budget); the layer split used to pick the decode
path comes from the pool this runner reads.
"""

from dataclasses import dataclass
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


@dataclass
class KVCapacity:
    full_free: int
    swa_free: Optional[int]

    def as_gauges(self) -> Dict[str, int]:
        gauges = {"kv_full_free_tokens": self.full_free}
        if self.swa_free is not None:
            gauges["kv_swa_free_tokens"] = self.swa_free
        return gauges


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, export_metrics: bool = True):
        super().__init__()
        self.export_metrics = export_metrics
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_layers = int(getattr(self.kv_pool, "swa_layer_nums", 0) or 0)
        self.last_capacity: Optional[KVCapacity] = None

    def capacity(self) -> KVCapacity:
        swa_probe = getattr(self.allocator, "swa_available_size", None)
        swa_free = int(swa_probe()) if callable(swa_probe) else None
        return KVCapacity(full_free=int(self.allocator.available_size()), swa_free=swa_free)

    def forward_decode(self, loc: torch.Tensor):
        if self.export_metrics:
            self.last_capacity = self.capacity()
        if self.window_layers > 0:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
