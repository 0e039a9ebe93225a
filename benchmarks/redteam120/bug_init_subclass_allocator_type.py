"""Decode layouts auto-registered per allocator type via ``__init_subclass__``.

A layout subclass declares the allocator class it pairs with.  At backend
construction the runner's allocator type picks the layout, and the layout then
maps allocator-issued indices to the pool the kernels consume.
"""

from __future__ import annotations

from typing import ClassVar, Dict, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class DecodeLayout:
    _by_allocator: ClassVar[Dict[type, Type["DecodeLayout"]]] = {}

    def __init_subclass__(cls, allocator_type: type = None, **kw):
        super().__init_subclass__(**kw)
        if allocator_type is not None:
            DecodeLayout._by_allocator[allocator_type] = cls

    def __init__(self, pool, allocator):
        self.pool = pool
        self.allocator = allocator

    @classmethod
    def select(cls, pool, allocator) -> "DecodeLayout":
        for klass in type(allocator).__mro__:
            if klass in cls._by_allocator:
                return cls._by_allocator[klass](pool, allocator)
        raise LookupError(type(allocator).__name__)

    def map(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class DefaultLayout(DecodeLayout, allocator_type=BaseTokenToKVPoolAllocator):
    pass


class HybridSWALayout(DecodeLayout, allocator_type=SWATokenToKVPoolAllocator):
    def map(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.layout = DecodeLayout.select(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.layout.pool, self.layout.map(loc)
