"""Allocator bookkeeping adapters registered per allocator class, plus a pool-driven view.

``@bookkeeping_for(<allocator class>)`` picks which free routine and which free-slot counter
the backend uses for its scratch tokens; the KV view itself follows the runner's pool.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_BOOKKEEPING: Dict[Type, Type["Bookkeeping"]] = {}


def bookkeeping_for(allocator_cls: Type) -> Callable:
    def deco(cls):
        _BOOKKEEPING[allocator_cls] = cls
        return cls

    return deco


@bookkeeping_for(BaseTokenToKVPoolAllocator)
class Bookkeeping:
    def __init__(self, allocator):
        self.allocator = allocator

    def free_slots(self) -> int:
        return self.allocator.available_size()

    def release(self, indices: torch.Tensor) -> None:
        self.allocator.free(indices)


@bookkeeping_for(SWATokenToKVPoolAllocator)
class SWABookkeeping(Bookkeeping):
    def free_slots(self) -> int:
        return min(self.allocator.full_available_size(), self.allocator.swa_available_size())


def make_bookkeeping(allocator) -> Bookkeeping:
    for klass in type(allocator).__mro__:
        if klass in _BOOKKEEPING:
            return _BOOKKEEPING[klass](allocator)
    return Bookkeeping(allocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner, scratch_tokens: int = 0):
        self.scratch_tokens = scratch_tokens
        self.bookkeeping = make_bookkeeping(model_runner.token_to_kv_pool_allocator)
        pool = model_runner.token_to_kv_pool
        self.pool = pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        logger.debug("decode step, %d free slots", self.bookkeeping.free_slots())
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
