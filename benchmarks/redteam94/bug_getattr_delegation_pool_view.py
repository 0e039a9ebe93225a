"""Decode backend reading KV through a thin ``_LayerKVView`` wrapper.

The view forwards every attribute it does not define to the wrapped cache via
``__getattr__``, so backend code can call ``get_key_buffer`` etc. on it
directly while the view adds the per-layer bookkeeping.
"""

from __future__ import annotations

import logging
from typing import Any, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class _LayerKVView:
    """Attribute-forwarding view over a ``KVCache``."""

    __slots__ = ("_cache", "reads")

    def __init__(self, cache: KVCache):
        self._cache = cache
        self.reads = 0

    def __getattr__(self, name: str) -> Any:
        # Only called for attributes missing on the view itself.
        return getattr(self._cache, name)

    @property
    def wrapped(self) -> KVCache:
        return self._cache

    @property
    def is_hybrid(self) -> bool:
        return hasattr(self._cache, "full_to_swa_index_mapping")


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend using ``_LayerKVView`` for all KV access."""

    def __init__(self, model_runner, layer_id: int = 0):
        super().__init__()
        self.layer_id = layer_id
        self.device = model_runner.device
        self.kv = _LayerKVView(model_runner.token_to_kv_pool_allocator.get_kvcache())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.kv.reads += 1
        if self.kv.is_hybrid:
            loc = self.kv.translate_loc_from_full_to_swa(loc)
        return self.kv.wrapped, loc
