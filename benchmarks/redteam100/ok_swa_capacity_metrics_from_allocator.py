"""Hybrid local/global decode backend with SWA capacity metrics.

The SWA and full token budgets reported by the allocator are exported as
gauges; the KV buffers and the local/global routing come from the runner's
own pool and the per-layer window table.
"""

import logging
from typing import Dict, List

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, layer_windows: List[int] = None):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.layer_windows = layer_windows or [512, 512, 512, 512, 512, -1] * 4
        self.current_layer = 0
        self.metrics: Dict[str, int] = self._capacity_metrics()
        logger.info("kv capacity: %s", self.metrics)

    def _capacity_metrics(self) -> Dict[str, int]:
        allocator = self.token_to_kv_pool_allocator
        metrics = {"available": int(allocator.available_size())}
        swa_size = getattr(allocator, "size_swa", None)
        if swa_size is not None:
            metrics["swa_capacity"] = int(swa_size)
        return metrics

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.layer_windows[layer_id] > 0

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if not isinstance(pool, SWAKVPool) or not self.is_swa_layer(self.current_layer):
            return pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
