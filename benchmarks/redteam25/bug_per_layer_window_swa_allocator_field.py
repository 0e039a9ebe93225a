"""Attention backend that chooses full or sliding-window cache locations per layer."""

import logging
from typing import List, Optional

import torch

logger = logging.getLogger(__name__)


class _LayerInfo:
    def __init__(self, layer_id: int, sliding_window_size: int):
        self.layer_id = layer_id
        self.sliding_window_size = sliding_window_size


def _layers_for(model_config, window: int) -> List[_LayerInfo]:
    n = getattr(model_config, "num_hidden_layers", 4) or 4
    return [_LayerInfo(i, window if i % 2 == 0 else -1) for i in range(n)]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        window = getattr(model_runner, "sliding_window_size", None) or 1024
        self.layers = _layers_for(model_runner.model_config, window)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        # hybrid allocators split into a full and a SWA sub-allocator
        self.swa_alloc: Optional[object] = (
            alloc if getattr(alloc, "swa_attn_allocator", None) else None
        )
        logger.debug(
            "layers=%d windowed=%d hybrid=%s",
            len(self.layers),
            sum(l.sliding_window_size > -1 for l in self.layers),
            self.swa_alloc is not None,
        )
        self._swa_loc_cache = None

    def init_forward_metadata(self, loc):
        self._swa_loc_cache = None

    def _cache_loc_for(self, layer, loc):
        if layer.sliding_window_size > -1 and self.swa_alloc is not None:
            if self._swa_loc_cache is None:
                self._swa_loc_cache = self.swa_alloc.translate_loc_from_full_to_swa(loc)
            return self._swa_loc_cache
        return loc

    def forward(self, loc, layer_id=0, mode="decode"):
        if layer_id == 0:
            self.init_forward_metadata(loc)
        layer = self.layers[layer_id]
        return self.token_to_kv_pool, self._cache_loc_for(layer, loc)

    def forward_decode(self, loc):
        return self.forward(loc, layer_id=0)
