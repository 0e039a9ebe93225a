"""Hybrid wrapper backend delegating to a full-attention and a windowed child.

The windowed child exists only when the runner's own pool is a hybrid SWA
pool. Page accounting for both children comes from the shared allocator.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _FullChild:
    name = "full"

    def __init__(self, pool: KVCache):
        self.pool = pool

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, loc


class _WindowChild:
    name = "window"

    def __init__(self, pool: SWAKVPool, window_size: int):
        self.pool = pool
        self.window_size = window_size

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_size: int = 2048):
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.num_pages = allocator.size // max(1, self.page_size)
        self.full_child = _FullChild(pool)
        self.window_child: Optional[_WindowChild] = (
            _WindowChild(pool, window_size) if isinstance(pool, SWAKVPool) else None
        )
        logger.info(
            "wrapper ready: children=%s pages=%d",
            [c.name for c in (self.full_child, self.window_child) if c is not None],
            self.num_pages,
        )

    def forward_decode(self, loc: torch.Tensor):
        child = self.window_child if self.window_child is not None else self.full_child
        return child.forward_decode(loc)
