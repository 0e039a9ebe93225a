"""Decode backend whose KV indexing strategy is picked from a registry.

Strategies register themselves for an allocator class via
``__init_subclass__``; lookup walks the MRO of the runner's allocator.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Optional

import torch

from sglang.srt.mem_cache.allocator.base import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class KVIndexStrategy:
    registry: ClassVar[Dict[type, type["KVIndexStrategy"]]] = {}
    allocator_cls: ClassVar[Optional[type]] = None

    def __init_subclass__(cls, *, allocator_cls: type, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.allocator_cls = allocator_cls
        KVIndexStrategy.registry[allocator_cls] = cls

    def __init__(self, allocator):
        self.allocator = allocator

    @classmethod
    def for_allocator(cls, allocator) -> "KVIndexStrategy":
        for klass in type(allocator).__mro__:
            if klass in cls.registry:
                return cls.registry[klass](allocator)
        raise TypeError(f"no KV index strategy for {type(allocator).__name__}")

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


class FullIndexStrategy(KVIndexStrategy, allocator_cls=BaseTokenToKVPoolAllocator):
    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class SWAIndexStrategy(KVIndexStrategy, allocator_cls=SWATokenToKVPoolAllocator):
    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.strategy = KVIndexStrategy.for_allocator(model_runner.token_to_kv_pool_allocator)
        max_bs = model_runner.req_to_token_pool.size
        self.cu_seqlens_k = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        logger.info("KV index strategy: %s", type(self.strategy).__name__)

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        self.cu_seqlens_k[1 : n + 1] = torch.arange(1, n + 1, dtype=torch.int32)
        return self.kv_pool, self.strategy.locations(loc)
