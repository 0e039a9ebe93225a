"""Qualified-name mapper registry for decode KV locations.

Mappers are registered under ``"module.QualName"`` of a KV cache class.  The
key is derived from the cache registered with the token allocator; mapping is
done through the allocator so indices stay consistent with what it issued.
"""

import logging
from typing import Callable, Dict

import torch

logger = logging.getLogger(__name__)

_MAPPERS: Dict[str, Callable] = {}


def mapper(qualified_name: str):
    def deco(fn):
        _MAPPERS[qualified_name] = fn
        return fn

    return deco


@mapper("sglang.srt.mem_cache.swa_memory_pool.SWAKVPool")
def _swa(allocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.translate_loc_from_full_to_swa(loc)


@mapper("sglang.srt.mem_cache.memory_pool.KVCache")
def _full(allocator, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _key(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = -1):
        self.window_left = window_left
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        cache_cls = type(self.allocator.get_kvcache())
        self._map = next(
            (_MAPPERS[_key(k)] for k in cache_cls.__mro__ if _key(k) in _MAPPERS), _full
        )
        logger.debug("mapper for %s: %s", _key(cache_cls), self._map.__name__)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._map(self.allocator, loc)
