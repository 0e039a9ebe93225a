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

    def resolve(self, loc):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


def _supports_swa_translation(allocator) -> bool:
    return callable(getattr(allocator, "translate_loc_from_full_to_swa", None))


class GeneratedAttnBackend:
    """Decode backend that delegates KV addressing to a strategy object."""

    def __init__(self, model_runner, use_tensor_cores: bool = True):
        self.use_tensor_cores = use_tensor_cores
        self.device = model_runner.device
        kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if _supports_swa_translation(allocator):
            self.strategy: LocationStrategy = SlidingWindowStrategy(kv_pool)
        else:
            self.strategy = FullAttentionStrategy(kv_pool)
        logger.debug("Decode location strategy: %s", type(self.strategy).__name__)

    def forward_decode(self, loc: torch.Tensor):
        return self.strategy.resolve(loc)
