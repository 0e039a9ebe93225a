"""Decode backend reading KV through a thin ``_LayerKVView`` wrapper.

The view forwards every attribute it does not define to the wrapped cache via
``__getattr__``; the backend itself forwards unknown attributes to the token
allocator so scheduler-side helpers can query capacity through it.
"""

from __future__ import annotations

import logging
from typing import Any, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _LayerKVView:
    """Attribute-forwarding view over a ``KVCache``."""

    __slots__ = ("_cache", "reads")

    def __init__(self, cache: KVCache):
        self._cache = cache
        self.reads = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cache, name)

    @property
    def wrapped(self) -> KVCache:
        return self._cache

    @property
    def is_hybrid(self) -> bool:
        return isinstance(self._cache, SWAKVPool)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend using ``_LayerKVView`` for all KV access."""

    def __init__(self, model_runner, layer_id: int = 0):
        super().__init__()
        self.layer_id = layer_id
        self.device = model_runner.device
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.kv = _LayerKVView(model_runner.token_to_kv_pool)

    def __getattr__(self, name: str) -> Any:
        # Capacity queries (available_size, debug_print, ...) go to the allocator.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.__dict__["_allocator"], name)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.kv.reads += 1
        if self.kv.is_hybrid:
            loc = self.kv.translate_loc_from_full_to_swa(loc)
        logger.debug("decode read #%d, %s free", self.kv.reads, self.available_size())
        return self.kv.wrapped, loc
