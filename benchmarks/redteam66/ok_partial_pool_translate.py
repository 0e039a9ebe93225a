"""Decode backend that pre-binds its location translator with ``functools.partial``.

The translator is bound to the KV pool this runner reads; full-only pools get
an identity translator so the decode path has no branches.
"""

from __future__ import annotations

import functools
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _translate_via(pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend(AttentionBackend):
    """Windowed decode backend; the translator is chosen once at construction."""

    def __init__(self, model_runner, debug_name: str = "swa-decode"):
        super().__init__()
        self.debug_name = debug_name
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        self._to_kernel_loc = (
            functools.partial(_translate_via, self.kv_pool) if self.is_swa else _identity
        )
        # Allocator is only consulted for diagnostics.
        self._allocator = model_runner.token_to_kv_pool_allocator

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(name={self.debug_name!r}, swa={self.is_swa}, "
            f"free={self._allocator.available_size()})"
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._to_kernel_loc(loc)
