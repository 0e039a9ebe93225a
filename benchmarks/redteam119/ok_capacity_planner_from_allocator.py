"""Decode backend that plans per-step headroom from allocator counts.

Sliding-window capacity is included in the plan whenever the allocator
tracks it (hybrid allocators are shared with draft workers, so the plan is
advisory). Reads go to the runner's pool, mapped into the window only when
that pool is a hybrid SWA pool.
"""

import logging
from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _Headroom(NamedTuple):
    full_free: int
    swa_free: Optional[int]
    decode_steps_left: int


class _HeadroomPlanner:
    def __init__(self, allocator: BaseTokenToKVPoolAllocator, tokens_per_step: int = 1):
        self.allocator = allocator
        self.tokens_per_step = max(1, tokens_per_step)

    def compute(self, batch_size: int) -> _Headroom:
        swa_free = None
        if hasattr(self.allocator, "swa_available_size"):
            full_free = int(self.allocator.full_available_size())
            swa_free = int(self.allocator.swa_available_size())
            limiting = min(full_free, swa_free)
        else:
            full_free = limiting = int(self.allocator.available_size())
        per_step = max(1, batch_size * self.tokens_per_step)
        return _Headroom(full_free, swa_free, limiting // per_step)


class GeneratedAttnBackend:
    def __init__(self, model_runner, tokens_per_step: int = 1):
        self.planner = _HeadroomPlanner(model_runner.token_to_kv_pool_allocator, tokens_per_step)
        self.pool = model_runner.token_to_kv_pool
        self.last_headroom: Optional[_Headroom] = None

    def forward_decode(self, loc: torch.Tensor):
        self.last_headroom = self.planner.compute(batch_size=int(loc.numel()))
        if self.last_headroom.decode_steps_left < 4:
            logger.warning("low decode headroom: %s", self.last_headroom)
        if isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
