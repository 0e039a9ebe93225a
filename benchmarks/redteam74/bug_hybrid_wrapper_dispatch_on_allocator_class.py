"""Hybrid dispatcher for models that interleave full and sliding-window attention.

The dispatcher picks between a full child and a windowed child once at construction time,
keyed off the token allocator type, since hybrid models always come with a hybrid allocator.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class FullChildBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class WindowChildBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        window_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, window_loc


class HybridDispatchBackend(AttentionBackend):
    """Routes decode to the windowed child on hybrid-cache deployments."""

    def __init__(self, model_runner, force_full: bool = False):
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid = (not force_full) and isinstance(allocator, SWATokenToKVPoolAllocator)
        child_cls = WindowChildBackend if self.is_hybrid else FullChildBackend
        self.child = child_cls(model_runner)
        logger.info(
            "HybridDispatchBackend -> %s (available=%d)",
            child_cls.__name__,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)


GeneratedAttnBackend = HybridDispatchBackend
