"""Hybrid sliding-window decode backend with a per-layer routing table.

The routing table maps every model layer id to ``(pool_layer_id, is_swa)`` so
that per-layer kernels can pick the right sub-buffer without re-deriving the
layout on every call.
"""

import logging
from typing import Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, default_layer_id: Optional[int] = None):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.default_layer_id = default_layer_id
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._layer_table: Dict[int, Tuple[int, bool]] = {}
        self._init_kv_cache()
        self._init_layer_table()

    def _init_kv_cache(self) -> None:
        kvcache = self._allocator.get_kvcache()
        self.hybrid_pool: Optional[SWAKVPool] = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.full_pool = self._allocator.get_kvcache()

    def _init_layer_table(self) -> None:
        if self.hybrid_pool is None:
            for layer_id in range(self.full_pool.layer_num):
                self._layer_table[layer_id] = (layer_id, False)
            return
        self._layer_table.update(self.hybrid_pool.layers_mapping)
        num_swa = sum(1 for _, is_swa in self._layer_table.values() if is_swa)
        logger.debug("hybrid layer table: %d swa / %d total", num_swa, len(self._layer_table))

    def is_swa_layer(self, layer_id: int) -> bool:
        entry = self._layer_table.get(layer_id)
        return bool(entry and entry[1])

    def forward_decode(self, loc: torch.Tensor):
        layer_id = self.default_layer_id
        if layer_id is None:
            # Decode steps are dispatched by the first sliding-window layer.
            layer_id = next((i for i, (_, s) in self._layer_table.items() if s), 0)
        if self.hybrid_pool is not None and self.is_swa_layer(layer_id):
            return self.hybrid_pool, self.hybrid_pool.translate_loc_from_full_to_swa(loc)
        return self.full_pool, loc
