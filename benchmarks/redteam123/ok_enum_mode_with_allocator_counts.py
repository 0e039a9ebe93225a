"""Decode backend with a cache layout computed once at init.

Layout is derived from server args (hybrid SWA memory may be disabled on the
command line) and the KV pool this worker owns. The allocator is consulted only
for capacity reporting.
"""

from __future__ import annotations

import enum
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class CacheLayout(enum.Enum):
    FULL_ONLY = enum.auto()
    HYBRID_WINDOW = enum.auto()


def compute_layout(model_runner) -> CacheLayout:
    if model_runner.server_args.disable_hybrid_swa_memory:
        return CacheLayout.FULL_ONLY
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return CacheLayout.HYBRID_WINDOW
    return CacheLayout.FULL_ONLY


def capacity_summary(allocator) -> str:
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return f"full={allocator.full_available_size()} " f"swa={allocator.swa_available_size()}"
    return f"full={allocator.available_size()}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, layout: Optional[CacheLayout] = None):
        self.layout = layout or compute_layout(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        logger.info(
            "cache layout=%s capacity[%s]",
            self.layout.name,
            capacity_summary(model_runner.token_to_kv_pool_allocator),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.layout is CacheLayout.HYBRID_WINDOW:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
