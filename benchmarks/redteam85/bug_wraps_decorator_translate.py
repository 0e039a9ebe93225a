"""Sliding-window location remapping applied as a method decorator.

``remap_swa_locations`` wraps a decode entry point that takes full-pool
locations and, when the runner uses the hybrid allocator, feeds the wrapped
method SWA-pool locations together with the hybrid KV cache instead.
"""

from __future__ import annotations

import functools
import logging
from typing import Callable, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def remap_swa_locations(fn: Callable) -> Callable:
    @functools.wraps(fn)
    def wrapper(self, loc: torch.Tensor, *args, **kwargs):
        allocator = self.model_runner.token_to_kv_pool_allocator
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        if mapping is None:
            return fn(self, self.model_runner.token_to_kv_pool, loc, *args, **kwargs)
        swa_loc = allocator.translate_loc_from_full_to_swa(loc)
        return fn(self, allocator.get_kvcache(), swa_loc, *args, **kwargs)

    return wrapper


class GeneratedAttnBackend:
    """Decode backend whose entry point is wrapped by :func:`remap_swa_locations`."""

    def __init__(self, model_runner, logit_cap: float = 0.0):
        self.model_runner = model_runner
        self.logit_cap = logit_cap
        self.num_decode_calls = 0

    @remap_swa_locations
    def _decode(self, pool: KVCache, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.num_decode_calls += 1
        return pool, loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._decode(loc)
