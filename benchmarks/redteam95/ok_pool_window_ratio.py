"""Sliding-window decode backend keyed on the window/full ratio of its own cache.

Hybrid caches expose both ``size`` (full attention) and ``size_swa`` (window); a
ratio below one means the window buffer is a separate, smaller region and decode
locations must be mapped into it.
"""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def window_ratio(pool: KVCache) -> float:
    full = getattr(pool, "size", 0) or 1
    window = getattr(pool, "size_swa", full)
    return min(1.0, window / full)


class GeneratedAttnBackend:
    def __init__(self, model_runner, min_scratch: int = 32):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.ratio = window_ratio(self.kv_pool)
        self.windowed = self.ratio < 1.0
        allocator = model_runner.token_to_kv_pool_allocator
        self.scratch = torch.empty(
            max(min_scratch, int(allocator.available_size() * self.ratio) // 8),
            dtype=torch.int64,
        )
        logger.info("cache window ratio %.3f (windowed=%s)", self.ratio, self.windowed)

    def forward_decode(self, loc: torch.Tensor):
        if self.windowed:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
