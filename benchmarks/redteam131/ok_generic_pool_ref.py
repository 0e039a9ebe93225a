"""Lazy, typed reference to the KV pool this worker reads.

``PoolRef[T]`` resolves the pool on first access, which keeps backend
construction cheap when memory pools are resized after profiling.
"""

from __future__ import annotations

from typing import Callable, Generic, Optional, Tuple, TypeVar

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

T = TypeVar("T", bound=KVCache)


class PoolRef(Generic[T]):
    def __init__(self, factory: Callable[[], T]):
        self._factory = factory
        self._value: Optional[T] = None

    def get(self) -> T:
        if self._value is None:
            self._value = self._factory()
        return self._value

    def narrow(self, cls: type) -> Optional[T]:
        value = self.get()
        return value if isinstance(value, cls) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head: Optional[int] = None):
        self.num_head = num_head
        self._runner = model_runner
        self.kv_ref: PoolRef[KVCache] = PoolRef(lambda: self._runner.token_to_kv_pool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.kv_ref.narrow(SWAKVPool)
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_ref.get(), loc
