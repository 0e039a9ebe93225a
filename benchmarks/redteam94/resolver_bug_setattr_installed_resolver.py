"""Shared hybrid-KV helpers installed onto attention backends at import time.

``install_hybrid_helpers`` attaches ``_resolve_swa_pool`` and ``_swa_loc`` to a
backend class with ``setattr`` so the triton, flashinfer and torch-native
backends can share one definition.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    # Fall back to the cache registered with the allocator (e.g. when the
    # active pool is a wrapper around the hybrid cache).
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    return None


def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
    if self.swa_kv_pool is None:
        return loc
    return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


def install_hybrid_helpers(cls: type) -> type:
    for name, fn in {"_resolve_swa_pool": _resolve_swa_pool, "_swa_loc": _swa_loc}.items():
        if name not in cls.__dict__:
            setattr(cls, name, fn)
    return cls


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend using the shared hybrid helpers."""

    def __init__(self, model_runner, use_ragged: bool = False):
        super().__init__()
        self.use_ragged = use_ragged
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._swa_loc(loc)


install_hybrid_helpers(GeneratedAttnBackend)
