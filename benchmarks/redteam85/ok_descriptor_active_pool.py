"""Descriptor-based binding of the active KV pool.

``ActivePoolAttr`` reads ``token_to_kv_pool`` from the owning backend's runner
and optionally narrows it to a pool type; results are cached in the instance
``__dict__`` under the attribute name captured by ``__set_name__``.
"""

from __future__ import annotations

from typing import Optional, Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class ActivePoolAttr:
    """Non-data descriptor that exposes the runner's active KV pool."""

    def __init__(self, narrow_to: Optional[Type[KVCache]] = None):
        self.narrow_to = narrow_to
        self.name = None

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        pool = instance.model_runner.token_to_kv_pool
        if self.narrow_to is not None and not isinstance(pool, self.narrow_to):
            pool = None
        instance.__dict__[self.name] = pool
        return pool


class GeneratedAttnBackend:
    """Decode backend reading KV through descriptor-bound pools."""

    kv_pool = ActivePoolAttr()
    swa_pool = ActivePoolAttr(narrow_to=SWAKVPool)

    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.model_runner = model_runner
        self.sliding_window_size = sliding_window_size
        # Allocator kept for slot accounting only.
        self.allocator = model_runner.token_to_kv_pool_allocator

    def remaining_slots(self) -> int:
        return self.allocator.available_size()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
