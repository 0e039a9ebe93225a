"""FlashInfer-flavoured decode backend with pluggable location strategies.

A ``LocationStrategy`` is picked once at construction time; the decode path
calls it without branching on the cache layout every step.
"""

from __future__ import annotations

import abc
import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class LocationStrategy(abc.ABC):
    def __init__(self, kv_pool: KVCache):
        self.kv_pool = kv_pool

    @abc.abstractmethod
    def resolve(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]: ...


class FullAttentionStrategy(LocationStrategy):
    def resolve(self, loc):
        return self.kv_pool, loc


class SlidingWindowStrategy(LocationStrategy):
    """Hybrid model: sliding-window layers live in a compacted index space."""

    kv_pool: SWAKVPool

    def resolve(self, loc):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


def make_location_strategy(kv_pool: KVCache) -> LocationStrategy:
    if isinstance(kv_pool, SWAKVPool):
        return SlidingWindowStrategy(kv_pool)
    return FullAttentionStrategy(kv_pool)


class GeneratedAttnBackend:
    """Decode backend that delegates KV addressing to a strategy object."""

    def __init__(self, model_runner, use_tensor_cores: bool = True):
        self.use_tensor_cores = use_tensor_cores
        self.device = model_runner.device
        self.strategy = make_location_strategy(model_runner.token_to_kv_pool)
        logger.debug(
            "Decode location strategy: %s (allocator=%s)",
            type(self.strategy).__name__,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.strategy.resolve(loc)
