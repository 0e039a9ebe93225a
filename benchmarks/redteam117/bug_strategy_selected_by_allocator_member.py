"""Decode KV strategies selected once at backend construction.

Two strategies exist: ``_FullAttentionStrategy`` reads the pool as-is and
``_SlidingWindowStrategy`` routes reads through the SWA sub-buffers.  The
selection is made from the allocator's capabilities so that the per-step path is
branch-free.
"""

from __future__ import annotations

import logging
from typing import Protocol, Tuple

import torch

logger = logging.getLogger(__name__)


class DecodeKVStrategy(Protocol):
    name: str

    def resolve(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]: ...


class _FullAttentionStrategy:
    name = "full"

    def __init__(self, pool):
        self.pool = pool

    def resolve(self, loc):
        return self.pool, loc


class _SlidingWindowStrategy:
    name = "sliding_window"

    def __init__(self, allocator):
        self.allocator = allocator
        self.pool = allocator.get_kvcache()

    def resolve(self, loc):
        return self.pool, self.allocator.translate_loc_from_full_to_swa(loc)


def select_strategy(model_runner) -> DecodeKVStrategy:
    allocator = model_runner.token_to_kv_pool_allocator
    if callable(getattr(allocator, "translate_loc_from_full_to_swa", None)):
        return _SlidingWindowStrategy(allocator)
    return _FullAttentionStrategy(model_runner.token_to_kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, strategy_selector=select_strategy):
        self.page_size = model_runner.page_size
        self.strategy = strategy_selector(model_runner)
        logger.info("decode KV strategy: %s", self.strategy.name)

    def forward_decode(self, loc: torch.Tensor):
        return self.strategy.resolve(loc)
