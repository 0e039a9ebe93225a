"""Decode-side KV view selection for the triton-lite backend.

The view is chosen with ``functools.singledispatch`` over the token allocator type, so new
allocator families can plug in their own view function without touching the backend.
"""

from __future__ import annotations

import functools
import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@functools.singledispatch
def decode_kv_view(allocator, model_runner, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    """Default view: the runner's own pool, indices unchanged."""
    return model_runner.token_to_kv_pool, loc


@decode_kv_view.register
def _(allocator: SWATokenToKVPoolAllocator, model_runner, loc: torch.Tensor):
    # Hybrid allocators own the full->swa mapping; read from the paired SWA cache.
    kv_cache = allocator.get_kvcache()
    return kv_cache, allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    """Minimal decode backend used by the lite triton path."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.num_kv_splits = num_kv_splits
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "lite backend init: allocator=%s splits=%d",
            type(self.allocator).__name__,
            num_kv_splits,
        )

    def forward_decode(self, loc: torch.Tensor):
        pool, locations = decode_kv_view(self.allocator, self.model_runner, loc)
        return pool, locations
