"""Per-layer KV views that delegate to the runner's pool.

``LayerKV`` bundles a layer id with the pool and forwards unknown attributes to
the pool, so kernels can call ``view.get_key_buffer()`` without threading the
layer id through every helper.
"""

from __future__ import annotations

from typing import Any, Dict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class LayerKV:
    __slots__ = ("_pool", "layer_id")

    def __init__(self, pool: KVCache, layer_id: int):
        object.__setattr__(self, "_pool", pool)
        object.__setattr__(self, "layer_id", layer_id)

    def __getattr__(self, name: str) -> Any:
        return getattr(object.__getattribute__(self, "_pool"), name)

    def get_key_buffer(self):
        return self._pool.get_key_buffer(self.layer_id)

    @property
    def pool(self) -> KVCache:
        return self._pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, layer_id: int = 0):
        self.pool = model_runner.token_to_kv_pool
        self._views: Dict[int, LayerKV] = {}
        self.default_layer = layer_id

    def view(self, layer_id: int) -> LayerKV:
        if layer_id not in self._views:
            self._views[layer_id] = LayerKV(self.pool, layer_id)
        return self._views[layer_id]

    def forward_decode(self, loc: torch.Tensor):
        v = self.view(self.default_layer)
        if isinstance(v.pool, SWAKVPool):
            return v.pool, v.translate_loc_from_full_to_swa(loc)
        return v.pool, loc
