"""Decode backend with import-time translator and capacity-probe tables.

``_TRANSLATORS`` is keyed by KV pool class and decides how decode locations
map into the pool being read.  ``_CAPACITY_PROBES`` is keyed by allocator
class and only feeds the per-step occupancy gauge.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_TRANSLATORS: Dict[type, Callable[[KVCache, torch.Tensor], torch.Tensor]] = {
    SWAKVPool: lambda pool, loc: pool.translate_loc_from_full_to_swa(loc),
    KVCache: lambda pool, loc: loc,
}

_CAPACITY_PROBES: Dict[type, Callable[[BaseTokenToKVPoolAllocator], Dict[str, int]]] = {
    SWATokenToKVPoolAllocator: lambda a: {
        "full": a.full_available_size(),
        "swa": a.swa_available_size(),
    },
    BaseTokenToKVPoolAllocator: lambda a: {"full": a.available_size()},
}


def _lookup(table: Dict[type, Callable], obj) -> Callable:
    for klass in type(obj).__mro__:
        if klass in table:
            return table[klass]
    raise KeyError(type(obj).__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, emit_metrics: bool = True):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.emit_metrics = emit_metrics
        self._translate = _lookup(_TRANSLATORS, self.kv_pool)
        self._probe = _lookup(_CAPACITY_PROBES, self.allocator)

    def _record_occupancy(self) -> None:
        if self.emit_metrics:
            stats = self._probe(self.allocator)
            logger.debug("kv available: %s", " ".join(f"{k}={v}" for k, v in stats.items()))

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._record_occupancy()
        return self.kv_pool, self._translate(self.kv_pool, loc)
