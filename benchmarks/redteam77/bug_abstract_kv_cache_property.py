"""Abstract windowed-attention backend with an abstract ``kv_cache`` property.

Concrete backends declare where their KV cache comes from; the base class
derives the sliding-window view and the translated read locations.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class WindowedAttnBackendABC(AttentionBackend, ABC):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner

    @property
    @abstractmethod
    def kv_cache(self) -> KVCache:
        """The KV cache this backend reads during decode."""

    @property
    def swa_view(self) -> Optional[SWAKVPool]:
        cache = self.kv_cache
        return cache if isinstance(cache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_view
        if swa is None:
            return self.kv_cache, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(WindowedAttnBackendABC):
    """Hybrid SWA decode backend."""

    def __init__(self, model_runner, cache_kv_lookup: bool = True):
        super().__init__(model_runner)
        self._cached: Optional[KVCache] = None
        self._cache_kv_lookup = cache_kv_lookup

    @property
    def kv_cache(self) -> KVCache:
        if self._cached is None or not self._cache_kv_lookup:
            allocator = self.model_runner.token_to_kv_pool_allocator
            self._cached = allocator.get_kvcache()
        return self._cached
