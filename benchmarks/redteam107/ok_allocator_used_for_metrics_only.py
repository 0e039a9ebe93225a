"""Decode backend with lightweight KV-cache occupancy reporting.

``CacheOccupancy`` snapshots allocator counters for the scheduler's metrics
exporter; the read path is owned by ``_KVReader``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, asdict

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class CacheOccupancy:
    available: int
    swa_available: int
    hybrid_allocator: bool

    @classmethod
    def snapshot(cls, allocator: BaseTokenToKVPoolAllocator) -> "CacheOccupancy":
        hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
        return cls(
            available=allocator.available_size(),
            swa_available=allocator.swa_available_size() if hybrid else -1,
            hybrid_allocator=hybrid,
        )


class _KVReader:
    def __init__(self, kv_pool: KVCache):
        self.kv_pool = kv_pool
        self.is_swa = isinstance(kv_pool, SWAKVPool)

    def read(self, loc: torch.Tensor):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_occupancy: bool = True):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.reader = _KVReader(model_runner.token_to_kv_pool)
        if log_occupancy:
            stats = CacheOccupancy.snapshot(self.allocator)
            logger.info("KV occupancy at init: %s", asdict(stats))
            if stats.hybrid_allocator:
                logger.debug(self.allocator.debug_print())

    def occupancy(self) -> CacheOccupancy:
        return CacheOccupancy.snapshot(self.allocator)

    def forward_decode(self, loc: torch.Tensor):
        return self.reader.read(loc)
