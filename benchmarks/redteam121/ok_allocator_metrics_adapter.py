"""Attention backend with an allocator adapter for scheduler-facing metrics.

``AllocatorStats`` wraps the token allocator (which may be shared with a
speculative draft worker) and exposes only counters. KV reads go through the
pool owned by this runner.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Dict

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class AllocatorStats:
    allocator: BaseTokenToKVPoolAllocator

    def snapshot(self) -> Dict[str, int]:
        stats = {"available": int(self.allocator.available_size())}
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            stats["swa_available"] = int(self.allocator.swa_available_size())
            stats["full_available"] = int(self.allocator.full_available_size())
        return stats


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_stats: bool = True):
        self.stats = AllocatorStats(model_runner.token_to_kv_pool_allocator)
        self.kv_pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.kv_pool, SWAKVPool)
        if log_stats:
            logger.info(
                "kv allocator at init: %s (swa_read=%s)", self.stats.snapshot(), self.use_swa
            )

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_swa:
            return self.kv_pool, loc
        swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, swa_loc
