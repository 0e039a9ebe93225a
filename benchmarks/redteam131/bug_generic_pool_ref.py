"""Lazy, typed references to memory objects owned by the model runner.

``PoolRef[T]`` defers resolution of a KV cache until first use, which lets the
backend be constructed before memory pools are finalised (e.g. during CUDA graph
capture planning).
"""

from __future__ import annotations

from typing import Callable, Generic, Optional, Tuple, TypeVar

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

T = TypeVar("T", bound=KVCache)


class PoolRef(Generic[T]):
    """Resolve-once reference to a KV cache."""

    def __init__(self, factory: Callable[[], T]):
        self._factory = factory
        self._value: Optional[T] = None

    def get(self) -> T:
        if self._value is None:
            self._value = self._factory()
        return self._value

    def is_a(self, cls: type) -> bool:
        return isinstance(self.get(), cls)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head: Optional[int] = None):
        self.num_head = num_head
        allocator = model_runner.token_to_kv_pool_allocator
        # The allocator knows which cache it writes into; follow it so the
        # decode reads stay consistent with where tokens were placed.
        self.kv_ref: PoolRef[KVCache] = PoolRef(allocator.get_kvcache)

    @property
    def swa_enabled(self) -> bool:
        return self.kv_ref.is_a(SWAKVPool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.kv_ref.get()
        if self.swa_enabled:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
