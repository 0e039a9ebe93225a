"""Hybrid attention backend holding its pools in a typed ``Generic`` slot.

``PoolSlot[T]`` is a tiny lazily-filled container used across several backends so
that pool lookups happen once, on first use, and are typed at the call sites.
"""

from __future__ import annotations

from typing import Callable, Generic, Optional, Tuple, TypeVar, cast

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

T = TypeVar("T")


class PoolSlot(Generic[T]):
    """Lazily resolved, cached value of type ``T``."""

    __slots__ = ("_factory", "_value", "_resolved")

    def __init__(self, factory: Callable[[], T]) -> None:
        self._factory = factory
        self._value: Optional[T] = None
        self._resolved = False

    def get(self) -> T:
        if not self._resolved:
            self._value = self._factory()
            self._resolved = True
        return cast(T, self._value)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    """Find the hybrid SWA pool for ``model_runner`` (None for full-only models)."""
    allocator = model_runner.token_to_kv_pool_allocator
    if getattr(allocator, "full_to_swa_index_mapping", None) is None:
        return None
    return cast(SWAKVPool, allocator.get_kvcache())


class GeneratedAttnBackend:
    """Decode backend that indexes the SWA sub-pool for windowed layers."""

    def __init__(self, model_runner, topk: int = 1) -> None:
        self.topk = topk
        self._full: PoolSlot[KVCache] = PoolSlot(lambda: model_runner.token_to_kv_pool)
        self._swa: PoolSlot[Optional[SWAKVPool]] = PoolSlot(lambda: resolve_swa_pool(model_runner))

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self._swa.get()
        if swa_pool is None:
            return self._full.get(), loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
