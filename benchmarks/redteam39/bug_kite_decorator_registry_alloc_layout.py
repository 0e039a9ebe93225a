"""Decode backend with pluggable KV layouts registered per allocator class."""

from __future__ import annotations

import logging
from typing import Callable, Dict, Type

from sglang.srt.mem_cache.allocator import TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

_LAYOUTS: Dict[type, Type["KVLayout"]] = {}


def register_layout(*allocator_types) -> Callable:
    def wrap(cls):
        for allocator_type in allocator_types:
            _LAYOUTS[allocator_type] = cls
        return cls

    return wrap


class KVLayout:
    def __init__(self, pool, allocator):
        self.pool = pool
        self.allocator = allocator

    def read_locations(self, loc):
        return loc


@register_layout(TokenToKVPoolAllocator)
class FullLayout(KVLayout):
    pass


@register_layout(SWATokenToKVPoolAllocator)
class HybridSWALayout(KVLayout):
    def read_locations(self, loc):
        return self.allocator.translate_loc_from_full_to_swa(loc)


def layout_for(pool, allocator) -> KVLayout:
    for klass in type(allocator).__mro__:
        if klass in _LAYOUTS:
            return _LAYOUTS[klass](pool, allocator)
    return KVLayout(pool, allocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.layout = layout_for(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )
        logger.debug("kv layout %s", type(self.layout).__name__)

    def forward_decode(self, loc):
        return self.layout.pool, self.layout.read_locations(loc)
