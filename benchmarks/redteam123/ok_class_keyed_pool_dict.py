"""Registry-driven decode backend.

Location mappers are registered per pool class; allocator classes are only used
to label the metrics emitted for each backend instance.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Type

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

LocMapper = Callable[[KVCache, torch.Tensor], torch.Tensor]

_MAPPERS: Dict[Type[KVCache], LocMapper] = {
    SWAKVPool: lambda pool, loc: pool.translate_loc_from_full_to_swa(loc),
    MHATokenToKVPool: lambda pool, loc: loc,
}

_ALLOCATOR_LABELS: Dict[type, str] = {
    SWATokenToKVPoolAllocator: "hybrid",
}


def find_mapper(pool: KVCache) -> LocMapper:
    for klass in type(pool).__mro__:
        if klass in _MAPPERS:
            return _MAPPERS[klass]
    return lambda _pool, loc: loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.mapper = find_mapper(self.kv_pool)
        allocator = model_runner.token_to_kv_pool_allocator
        self.metrics_label = _ALLOCATOR_LABELS.get(type(allocator), "full")
        logger.info(
            "registry backend [%s]: pool=%s", self.metrics_label, type(self.kv_pool).__name__
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.mapper(self.kv_pool, loc)
