"""Decode backend that keeps a lightweight per-layer view over the KV cache.

Each view knows whether its layer is a sliding-window layer and how to turn
full-pool token locations into the locations it reads.
"""

import logging
from typing import List, Optional, Set

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class _LayerKVView:
    __slots__ = ("layer_id", "pool", "translator")

    def __init__(self, layer_id: int, pool, translator=None):
        self.layer_id = layer_id
        self.pool = pool
        self.translator = translator

    @property
    def is_sliding(self) -> bool:
        return self.translator is not None

    def read(self, loc: torch.Tensor):
        if self.translator is not None:
            return self.pool, self.translator.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        translator = None
        swa_layers: Set[int] = set()
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            translator = allocator
            layers_mapping = allocator.get_kvcache().layers_mapping
            swa_layers = {lid for lid, (_, is_swa) in layers_mapping.items() if is_swa}

        self.layers: List[_LayerKVView] = [
            _LayerKVView(i, pool, translator if i in swa_layers else None)
            for i in range(pool.layer_num)
        ]
        self._decode_layer: Optional[_LayerKVView] = next(
            (view for view in self.layers if view.is_sliding), None
        )
        if self._decode_layer is None:
            self._decode_layer = self.layers[0]
        logger.info("Built %d layer views (%d sliding)", len(self.layers), len(swa_layers))

    def forward_decode(self, loc: torch.Tensor):
        return self._decode_layer.read(loc)
