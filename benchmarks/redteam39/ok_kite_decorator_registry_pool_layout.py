"""Decode backend with pluggable KV layouts registered per pool class."""

from __future__ import annotations

import logging
from typing import Callable, Dict, Type

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_LAYOUTS: Dict[type, Type["KVLayout"]] = {}


def register_layout(*pool_types) -> Callable:
    def wrap(cls):
        for pool_type in pool_types:
            _LAYOUTS[pool_type] = cls
        return cls

    return wrap


class KVLayout:
    def __init__(self, pool, allocator):
        self.pool = pool
        # Kept for page-size and capacity queries only.
        self.allocator = allocator

    def read_locations(self, loc):
        return loc


@register_layout(MHATokenToKVPool)
class FullLayout(KVLayout):
    pass


@register_layout(SWAKVPool)
class HybridSWALayout(KVLayout):
    def read_locations(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)


def layout_for(pool, allocator) -> KVLayout:
    for klass in type(pool).__mro__:
        if klass in _LAYOUTS:
            return _LAYOUTS[klass](pool, allocator)
    return KVLayout(pool, allocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.layout = layout_for(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )
        logger.debug(
            "kv layout %s, page size %d",
            type(self.layout).__name__,
            self.layout.allocator.page_size,
        )

    def forward_decode(self, loc):
        return self.layout.pool, self.layout.read_locations(loc)
