"""Hybrid attention backend dispatching full and sliding-window layers.

Wraps a full-attention child backend and a sliding-window child backend; each
layer is routed by ``layer.sliding_window_size``. Both children receive the
runner's pool; the sliding-window child reads its sub-pool via translated
locations.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class LayerInfo:
    layer_id: int
    sliding_window_size: Optional[int] = None


class _FullAttnChild:
    def __init__(self, pool: KVCache):
        self.pool = pool

    def read(self, loc: torch.Tensor):
        return self.pool, loc


class _SlidingWindowChild:
    def __init__(self, pool: SWAKVPool):
        self.pool = pool
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None

    def read(self, loc: torch.Tensor):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, default_window: int = 128):
        super().__init__()
        pool = model_runner.token_to_kv_pool
        self.full_backend = _FullAttnChild(pool)
        self.swa_backend = _SlidingWindowChild(pool) if isinstance(pool, SWAKVPool) else None
        self.default_window = default_window

    def _backend_for(self, layer: LayerInfo):
        window = layer.sliding_window_size
        if window is not None and window > -1 and self.swa_backend is not None:
            return self.swa_backend
        return self.full_backend

    def forward_decode(self, loc: torch.Tensor, layer: Optional[LayerInfo] = None):
        layer = layer or LayerInfo(layer_id=0, sliding_window_size=self.default_window)
        return self._backend_for(layer).read(loc)
