"""Hybrid attention backend holding its pools in a typed ``Generic`` slot.

``PoolSlot[T]`` is a tiny lazily-filled container so pool lookups happen once,
on first use. The SWA lookup mirrors the model runner: the pool the runner
reads, or, for runners sharing the target's KV (frozen-KV MTP), the cache the
shared allocator manages.
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
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    shares_target_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
    if model_runner.is_draft_worker and not shares_target_kv:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


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
