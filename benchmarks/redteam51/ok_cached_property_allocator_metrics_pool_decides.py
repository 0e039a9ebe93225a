"""Decode backend that reports SWA capacity from the allocator.

The allocator is consulted only for capacity numbers exported as metrics; the
pool this runner reads decides whether window layers translate locations.
"""

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SwaCapacity:
    full_tokens: int
    swa_tokens: Optional[int]

    @property
    def swa_ratio(self) -> Optional[float]:
        if self.swa_tokens is None or not self.full_tokens:
            return None
        return self.swa_tokens / self.full_tokens


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        logger.info("swa capacity ratio: %s", self.capacity.swa_ratio)

    @functools.cached_property
    def capacity(self) -> SwaCapacity:
        alloc = self.allocator
        swa_tokens = alloc.size_swa if isinstance(alloc, SWATokenToKVPoolAllocator) else None
        return SwaCapacity(getattr(alloc, "size", 0), swa_tokens)

    @functools.cached_property
    def windowed(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        budget = self.capacity.swa_tokens or max_num_tokens
        self.cuda_graph_swa_indices = torch.zeros(min(budget, max_num_tokens), dtype=torch.int64)

    def forward_decode(self, loc):
        if self.windowed:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
