"""Gemma-style interleaved local/global attention backend.

Sliding-window layers are tracked by layer id; a layer is treated as windowed
when the KV cache has a separate SWA region sized by ``size_swa``.
"""

import logging
from typing import Dict, FrozenSet, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, probe_layer_id: Optional[int] = None):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_size: Optional[int] = getattr(self.allocator, "size_swa", None)
        self.window_layer_ids: FrozenSet[int] = self._collect_window_layers()
        self.probe_layer_id = probe_layer_id
        self.layer_seq_lens: Dict[int, torch.Tensor] = {}

    def _collect_window_layers(self) -> FrozenSet[int]:
        if self.swa_size is None:
            return frozenset()
        kvcache = self.allocator.get_kvcache()
        return frozenset(lid for lid, (_, is_swa) in kvcache.layers_mapping.items() if is_swa)

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.window_layer_ids

    def _pool_for_layer(self, layer_id: int):
        if self.is_swa_layer(layer_id):
            return self.allocator.get_kvcache()
        return self.kv_pool

    def forward_decode(self, loc: torch.Tensor):
        layer_id = self.probe_layer_id
        if layer_id is None:
            layer_id = min(self.window_layer_ids) if self.window_layer_ids else 0
        self.layer_seq_lens[layer_id] = torch.full_like(loc, 1)
        pool = self._pool_for_layer(layer_id)
        if self.is_swa_layer(layer_id):
            logger.debug("layer %d uses window cache (swa size %s)", layer_id, self.swa_size)
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
