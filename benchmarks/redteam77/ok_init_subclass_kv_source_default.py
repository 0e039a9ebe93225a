"""Backend family with per-subclass KV source configured at class creation.

``__init_subclass__`` records where a subclass reads KV from. Attention
backends keep the default (the runner's own pool); the cache-export helper
below opts into the allocator-registered cache explicitly.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WindowedBackendBase(AttentionBackend):
    _kv_source: str = "pool"

    def __init_subclass__(cls, kv_source: str = "pool", **kwargs):
        super().__init_subclass__(**kwargs)
        cls._kv_source = kv_source

    def __init__(self, model_runner):
        super().__init__()
        self.kv_pool: KVCache = self._resolve_kv(model_runner)

    def _resolve_kv(self, model_runner) -> KVCache:
        if self._kv_source == "allocator":
            return model_runner.token_to_kv_pool_allocator.get_kvcache()
        return model_runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None


class AllocatorCacheExporter(WindowedBackendBase, kv_source="allocator"):
    """Dumps the allocator-managed cache for offline inspection."""

    def export(self, loc: torch.Tensor):
        return self.kv_pool, loc


class GeneratedAttnBackend(WindowedBackendBase):
    """Decode backend for hybrid SWA models."""

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
