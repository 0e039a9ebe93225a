"""Sliding-window decode backend built around a ``TypeGuard`` narrowing helper.

The pool is obtained once from the KV allocator's cache handle and narrowed to
``SWAKVPool`` so the window-translation API is statically visible.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional, Tuple, TypeGuard

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def is_window_pool(x: object) -> TypeGuard[SWAKVPool]:
    return isinstance(x, SWAKVPool)


@dataclass
class DecodePlan:
    pool: KVCache
    windowed: bool
    num_tokens: int


class GeneratedAttnBackend:
    """Decode backend for hybrid full/SWA attention stacks."""

    def __init__(self, model_runner, max_bs: int = 256) -> None:
        self.max_bs = max_bs
        self.device = model_runner.device
        allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        kvcache: KVCache = allocator.get_kvcache()
        self.swa_pool: Optional[SWAKVPool] = kvcache if is_window_pool(kvcache) else None
        self.full_pool: KVCache = model_runner.token_to_kv_pool
        logger.debug("hybrid window attention: %s", self.swa_pool is not None)

    def _plan(self, loc: torch.Tensor) -> DecodePlan:
        if self.swa_pool is not None:
            return DecodePlan(pool=self.swa_pool, windowed=True, num_tokens=loc.numel())
        return DecodePlan(pool=self.full_pool, windowed=False, num_tokens=loc.numel())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        plan = self._plan(loc)
        if plan.windowed and is_window_pool(plan.pool):
            return plan.pool, plan.pool.translate_loc_from_full_to_swa(loc)
        return plan.pool, loc
