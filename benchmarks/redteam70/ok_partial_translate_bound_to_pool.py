"""Hybrid sliding-window decode backend with pre-bound helpers.

The hot path avoids attribute lookups: the location mapper and the allocator
telemetry hook are bound with :func:`functools.partial` once, at construction.
"""

from __future__ import annotations

import functools
import logging
from typing import Callable

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _report_usage(allocator, tag: str) -> None:
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        logger.debug(
            "[%s] full_free=%d swa_free=%d",
            tag,
            allocator.full_available_size(),
            allocator.swa_available_size(),
        )
    else:
        logger.debug("[%s] free=%d", tag, allocator.available_size())


def _map_locations(pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, tag: str = "decode"):
        pool = model_runner.token_to_kv_pool
        self.report: Callable[[], None] = functools.partial(
            _report_usage, model_runner.token_to_kv_pool_allocator, tag
        )
        self.read_pool = pool
        self.map_loc: Callable[[torch.Tensor], torch.Tensor] = (
            functools.partial(_map_locations, pool) if isinstance(pool, SWAKVPool) else _identity
        )

    def forward_decode(self, loc: torch.Tensor):
        self.report()
        return self.read_pool, self.map_loc(loc)
