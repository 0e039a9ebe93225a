"""Per-backend KV read strategies.

A strategy is picked once from the concrete type of the runner's KV pool.  The
sliding-window strategy holds the hybrid pool and translates full-attention
slots into its SWA buffers; the dense strategy is a passthrough.
"""

from __future__ import annotations

import abc
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVReadStrategy(abc.ABC):
    def __init__(self, pool):
        self.pool = pool

    @abc.abstractmethod
    def locations(self, loc: torch.Tensor) -> torch.Tensor: ...

    def __call__(self, loc: torch.Tensor):
        return self.pool, self.locations(loc)


class DenseReadStrategy(KVReadStrategy):
    def locations(self, loc):
        return loc


class SlidingWindowReadStrategy(KVReadStrategy):
    pool: SWAKVPool

    def locations(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)


def pick_strategy(pool) -> KVReadStrategy:
    cls = SlidingWindowReadStrategy if isinstance(pool, SWAKVPool) else DenseReadStrategy
    return cls(pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, strategy_picker=pick_strategy):
        self.strategy = strategy_picker(model_runner.token_to_kv_pool)
        logger.info(
            "%s using %s (allocator: %s)",
            type(self).__name__,
            type(self.strategy).__name__,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.strategy(loc)
