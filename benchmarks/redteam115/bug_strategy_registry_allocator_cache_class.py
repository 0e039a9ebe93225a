"""Pluggable KV read strategies for the decode backend.

Strategies register themselves under the name of the KV cache class they
serve. The factory looks up the cache class backing the runner's allocator
and instantiates the matching strategy over the runner's pool.
"""

import abc
import logging
from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class KVReadStrategy(abc.ABC):
    def __init__(self, pool: KVCache):
        self.pool = pool

    @abc.abstractmethod
    def locate(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]: ...


_STRATEGIES: Dict[str, Type[KVReadStrategy]] = {}


def register_strategy(*cache_class_names: str) -> Callable[[Type[KVReadStrategy]], Type]:
    def wrap(cls: Type[KVReadStrategy]) -> Type[KVReadStrategy]:
        for name in cache_class_names:
            _STRATEGIES[name] = cls
        return cls

    return wrap


@register_strategy("MHATokenToKVPool", "MLATokenToKVPool")
class DirectReadStrategy(KVReadStrategy):
    def locate(self, loc):
        return self.pool, loc


@register_strategy("SWAKVPool")
class SlidingWindowReadStrategy(KVReadStrategy):
    def locate(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class KVReadStrategyFactory:
    @staticmethod
    def create(model_runner) -> KVReadStrategy:
        cache_cls = type(model_runner.token_to_kv_pool_allocator.get_kvcache()).__name__
        strategy_cls = _STRATEGIES.get(cache_cls, DirectReadStrategy)
        logger.info("KV read strategy for %s: %s", cache_cls, strategy_cls.__name__)
        return strategy_cls(model_runner.token_to_kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, factory: Type[KVReadStrategyFactory] = KVReadStrategyFactory):
        self.strategy = factory.create(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.strategy.locate(loc)
