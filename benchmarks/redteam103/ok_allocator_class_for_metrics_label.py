"""Decode backend that reports KV occupancy alongside each decode step.

The occupancy label distinguishes hybrid allocators (which track full and
SWA free lists separately) from plain token allocators; the KV read path is
chosen from the runner's own pool.
"""

import logging
from typing import Dict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, report_every: int = 128):
        self.report_every = report_every
        self._step = 0
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid_allocator = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.read_swa = isinstance(self.token_to_kv_pool, BaseSWAKVPool)

    def occupancy(self) -> Dict[str, int]:
        if self.hybrid_allocator:
            return {
                "full_free": self.allocator.full_available_size(),
                "swa_free": self.allocator.swa_available_size(),
            }
        return {"free": self.allocator.available_size()}

    def forward_decode(self, loc: torch.Tensor):
        self._step += 1
        if self._step % self.report_every == 0:
            logger.info("kv occupancy: %s", self.occupancy())
        if self.read_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
