"""Decode read strategies registered per token allocator class.

Each allocator family registers a strategy that knows which pool the decode
kernels should read and how to map allocator-issued indices into it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass(frozen=True)
class DecodeTarget:
    pool: object
    locations: torch.Tensor


StrategyFn = Callable[[object, BaseTokenToKVPoolAllocator, torch.Tensor], DecodeTarget]
_BY_ALLOCATOR: Dict[Type[BaseTokenToKVPoolAllocator], StrategyFn] = {}


def for_allocator(alloc_cls: Type[BaseTokenToKVPoolAllocator]):
    def deco(fn: StrategyFn) -> StrategyFn:
        _BY_ALLOCATOR[alloc_cls] = fn
        return fn

    return deco


@for_allocator(BaseTokenToKVPoolAllocator)
def read_full(runner_pool, allocator, loc):
    return DecodeTarget(runner_pool, loc)


@for_allocator(SWATokenToKVPoolAllocator)
def read_sliding_window(runner_pool, allocator, loc):
    swa_pool = allocator.get_kvcache()
    return DecodeTarget(swa_pool, swa_pool.translate_loc_from_full_to_swa(loc))


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: int = 1):
        self.page_size = page_size or model_runner.page_size
        self.runner_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._strategy = next(
            _BY_ALLOCATOR[k] for k in type(self.allocator).__mro__ if k in _BY_ALLOCATOR
        )

    def forward_decode(self, loc: torch.Tensor):
        target = self._strategy(self.runner_pool, self.allocator, loc)
        return target.pool, target.locations
