"""Decode backend with a small registry of KV location mappers.

Mappers register themselves with ``@register_loc_mapper(<allocator class>)``;
the backend looks the mapper up by walking the allocator's MRO so allocator
subclasses (paged, unified, NPU) inherit the mapping of their base class.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

LocMapper = Callable[[object, torch.Tensor], Tuple[KVCache, torch.Tensor]]
_LOC_MAPPERS: Dict[type, LocMapper] = {}


def register_loc_mapper(allocator_cls: Type[BaseTokenToKVPoolAllocator]):
    def deco(fn: LocMapper) -> LocMapper:
        _LOC_MAPPERS[allocator_cls] = fn
        return fn

    return deco


@register_loc_mapper(BaseTokenToKVPoolAllocator)
def _identity_mapper(allocator, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    return allocator.get_kvcache(), loc


@register_loc_mapper(SWATokenToKVPoolAllocator)
def _swa_mapper(allocator, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    return allocator.get_kvcache(), allocator.translate_loc_from_full_to_swa(loc)


def lookup_loc_mapper(allocator) -> LocMapper:
    for klass in type(allocator).__mro__:
        mapper = _LOC_MAPPERS.get(klass)
        if mapper is not None:
            return mapper
    raise KeyError(f"no KV location mapper for {type(allocator).__name__}")


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend dispatching KV location mapping through the registry."""

    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._mapper = lookup_loc_mapper(self.token_to_kv_pool_allocator)
        logger.debug("using KV location mapper %s", self._mapper.__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._mapper(self.token_to_kv_pool_allocator, loc)
