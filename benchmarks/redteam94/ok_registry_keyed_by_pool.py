"""Decode backend with a small registry of KV location mappers.

Mappers register themselves with ``@register_loc_mapper(<pool class>)``; the
backend looks the mapper up by walking the KV pool's MRO so pool subclasses
inherit the mapping of their base class.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

LocMapper = Callable[[KVCache, torch.Tensor], torch.Tensor]
_LOC_MAPPERS: Dict[type, LocMapper] = {}


def register_loc_mapper(pool_cls: Type[KVCache]):
    def deco(fn: LocMapper) -> LocMapper:
        _LOC_MAPPERS[pool_cls] = fn
        return fn

    return deco


@register_loc_mapper(KVCache)
def _identity_mapper(pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
    return loc


@register_loc_mapper(SWAKVPool)
def _swa_mapper(pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


def lookup_loc_mapper(pool: KVCache) -> LocMapper:
    for klass in type(pool).__mro__:
        mapper = _LOC_MAPPERS.get(klass)
        if mapper is not None:
            return mapper
    raise KeyError(f"no KV location mapper for {type(pool).__name__}")


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend dispatching KV location mapping through the registry."""

    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._mapper = lookup_loc_mapper(self.token_to_kv_pool)
        logger.debug(
            "using KV location mapper %s (allocator %s)",
            self._mapper.__name__,
            type(self.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.token_to_kv_pool, self._mapper(self.token_to_kv_pool, loc)
