"""Decode backend with a cache layout computed once at init.

Layout is derived from server args (hybrid SWA memory may be disabled on the
command line) combined with the allocator that the scheduler created.
"""

from __future__ import annotations

import enum
import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class CacheLayout(enum.IntEnum):
    FULL_ONLY = 0
    HYBRID_WINDOW = 1


def compute_layout(model_runner) -> CacheLayout:
    server_args = model_runner.server_args
    if server_args.disable_hybrid_swa_memory:
        return CacheLayout.FULL_ONLY
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return CacheLayout.HYBRID_WINDOW
    return CacheLayout.FULL_ONLY


class GeneratedAttnBackend:
    def __init__(self, model_runner, layout: CacheLayout | None = None):
        self.model_runner = model_runner
        self.layout = layout if layout is not None else compute_layout(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        logger.info("cache layout: %s", self.layout.name)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if self.layout == CacheLayout.HYBRID_WINDOW:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        locations = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, locations
