"""Hybrid attention backend with a per-layer routing table.

The table is derived from the KV pool this runner reads from; each layer maps
to the sub-pool layer index and whether it is a sliding-window layer.
"""

import logging
from typing import Dict, List, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 512):
        self.sliding_window_size = sliding_window_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.layer_table: Dict[int, Tuple[int, bool]] = self._build_layer_table()
        self.swa_layers: List[int] = sorted(l for l, (_, s) in self.layer_table.items() if s)
        logger.info(
            "layer table: %d layers, %d windowed, allocator free=%d",
            len(self.layer_table),
            len(self.swa_layers),
            self.allocator.available_size(),
        )

    def _build_layer_table(self) -> Dict[int, Tuple[int, bool]]:
        if isinstance(self.kv_pool, SWAKVPool):
            return dict(self.kv_pool.layers_mapping)
        start = self.kv_pool.start_layer
        return {start + i: (i, False) for i in range(self.kv_pool.layer_num)}

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.layer_table.get(layer_id, (0, False))[1]

    def forward_decode(self, loc: torch.Tensor):
        if not self.swa_layers:
            return self.kv_pool, loc
        layer_id = self.swa_layers[0]
        assert self.is_swa_layer(layer_id)
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
