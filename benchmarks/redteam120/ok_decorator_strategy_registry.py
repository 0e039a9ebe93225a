"""Decode read strategies registered per KV pool class.

Strategies are small stateless objects registered with ``@register_strategy``.
The backend picks the strategy for the exact pool it reads from (walking the
MRO, so pool subclasses inherit their parent's strategy).
"""

from __future__ import annotations

import abc
import logging
from typing import Dict, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_STRATEGIES: Dict[Type[KVCache], Type["ReadStrategy"]] = {}


def register_strategy(pool_cls: Type[KVCache]):
    def wrap(strategy_cls: Type["ReadStrategy"]) -> Type["ReadStrategy"]:
        _STRATEGIES[pool_cls] = strategy_cls
        return strategy_cls

    return wrap


class ReadStrategy(abc.ABC):
    name = "abstract"

    @abc.abstractmethod
    def locations(self, pool: KVCache, loc: torch.Tensor) -> torch.Tensor: ...


@register_strategy(KVCache)
@register_strategy(MHATokenToKVPool)
class FullReadStrategy(ReadStrategy):
    name = "full"

    def locations(self, pool, loc):
        return loc


@register_strategy(SWAKVPool)
class SlidingWindowReadStrategy(ReadStrategy):
    name = "swa"

    def locations(self, pool, loc):
        return pool.translate_loc_from_full_to_swa(loc)


def strategy_for(pool: KVCache) -> ReadStrategy:
    for klass in type(pool).__mro__:
        if klass in _STRATEGIES:
            return _STRATEGIES[klass]()
    raise LookupError(f"no read strategy for {type(pool).__name__}")


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_strategy: bool = True):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.strategy = strategy_for(self.pool)
        if log_strategy:
            logger.info(
                "decode strategy=%s, allocator=%s, free tokens=%d",
                self.strategy.name,
                type(self.allocator).__name__,
                self.allocator.available_size(),
            )

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.strategy.locations(self.pool, loc)
