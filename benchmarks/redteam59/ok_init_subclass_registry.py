"""Decode backend whose KV indexing strategy is picked from a registry.

Strategies register themselves for a KV pool class via ``__init_subclass__``;
lookup walks the MRO of the pool the backend reads from.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVIndexStrategy:
    registry: ClassVar[Dict[type, type["KVIndexStrategy"]]] = {}
    pool_cls: ClassVar[Optional[type]] = None

    def __init_subclass__(cls, *, pool_cls: type, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.pool_cls = pool_cls
        KVIndexStrategy.registry[pool_cls] = cls

    def __init__(self, pool):
        self.pool = pool

    @classmethod
    def for_pool(cls, pool) -> "KVIndexStrategy":
        for klass in type(pool).__mro__:
            if klass in cls.registry:
                return cls.registry[klass](pool)
        raise TypeError(f"no KV index strategy for {type(pool).__name__}")

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


class FullIndexStrategy(KVIndexStrategy, pool_cls=KVCache):
    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class SWAIndexStrategy(KVIndexStrategy, pool_cls=SWAKVPool):
    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.strategy = KVIndexStrategy.for_pool(self.kv_pool)
        max_bs = model_runner.req_to_token_pool.size
        self.cu_seqlens_k = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        logger.info("KV index strategy: %s", type(self.strategy).__name__)

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        self.cu_seqlens_k[1 : n + 1] = torch.arange(1, n + 1, dtype=torch.int32)
        return self.kv_pool, self.strategy.locations(loc)
