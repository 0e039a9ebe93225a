"""Decode backend using ``functools.singledispatch`` to pick the windowed cache.

Each allocator family registers how to obtain the cache a decode step should read.
"""

from __future__ import annotations

import functools
import logging
from typing import Any, Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@functools.singledispatch
def windowed_cache_for(allocator: Any) -> Optional[Any]:
    """Return the SWA cache behind ``allocator``, or ``None`` for full-only layouts."""
    return None


@windowed_cache_for.register
def _(allocator: BaseTokenToKVPoolAllocator) -> Optional[Any]:
    return None


@windowed_cache_for.register
def _(allocator: SWATokenToKVPoolAllocator) -> Optional[Any]:
    return allocator.get_kvcache()


class GeneratedAttnBackend:
    """Windowed decode backend (one KV read per decode step)."""

    def __init__(self, model_runner, window_left: int = -1):
        self.window_left = window_left
        self.req_to_token = model_runner.req_to_token_pool
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool = windowed_cache_for(model_runner.token_to_kv_pool_allocator)
        if self.swa_pool is not None:
            logger.info("using windowed cache %s", type(self.swa_pool).__name__)

    def _active_pool(self):
        return self.swa_pool if self.swa_pool is not None else self.full_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        pool = self._active_pool()
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
