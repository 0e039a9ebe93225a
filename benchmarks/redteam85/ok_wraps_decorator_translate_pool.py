"""Decode backend with decorator-based location remapping and slot tracing.

Two decorators wrap the decode entry point:

* ``trace_slots`` logs allocator occupancy around the call;
* ``window_locations`` remaps full-pool locations when the backend's active
  pool is a hybrid SWA pool.
"""

from __future__ import annotations

import functools
import logging
import time
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def trace_slots(fn):
    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        allocator = self.model_runner.token_to_kv_pool_allocator
        start = time.perf_counter()
        out = fn(self, *args, **kwargs)
        logger.debug(
            "%s took %.3f ms, %d slots free",
            fn.__qualname__,
            (time.perf_counter() - start) * 1e3,
            allocator.available_size(),
        )
        return out

    return wrapper


def window_locations(fn):
    @functools.wraps(fn)
    def wrapper(self, loc: torch.Tensor):
        pool = self.model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return fn(self, pool, pool.translate_loc_from_full_to_swa(loc))
        return fn(self, pool, loc)

    return wrapper


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_trace: bool = True):
        self.model_runner = model_runner
        self.enable_trace = enable_trace

    @trace_slots
    @window_locations
    def forward_decode(
        self, pool: KVCache, locations: torch.Tensor
    ) -> Tuple[KVCache, torch.Tensor]:
        return pool, locations
