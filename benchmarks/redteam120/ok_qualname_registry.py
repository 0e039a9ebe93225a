"""String-keyed KV location mappers, resolved by fully qualified pool class name.

Keys are ``"module.QualName"`` so that plugins can register mappers for pools
defined in modules that are not importable at registration time.
"""

import logging
from typing import Callable, Dict

import torch

logger = logging.getLogger(__name__)

_MAPPERS: Dict[str, Callable] = {}


def register_mapper(qualified_name: str):
    def deco(fn):
        _MAPPERS[qualified_name] = fn
        return fn

    return deco


def _qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


@register_mapper("sglang.srt.mem_cache.swa_memory_pool.SWAKVPool")
def _map_swa(pool, loc):
    return pool.translate_loc_from_full_to_swa(loc)


@register_mapper("sglang.srt.mem_cache.memory_pool.KVCache")
def _map_identity(pool, loc):
    return loc


def mapper_for(pool) -> Callable:
    for klass in type(pool).__mro__:
        fn = _MAPPERS.get(_qualified(klass))
        if fn is not None:
            return fn
    logger.warning("no mapper for %s, using identity", _qualified(type(pool)))
    return _map_identity


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = -1):
        self.sliding_window_size = sliding_window_size
        self.pool = model_runner.token_to_kv_pool
        self._mapper = mapper_for(self.pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._mapper(self.pool, loc)
