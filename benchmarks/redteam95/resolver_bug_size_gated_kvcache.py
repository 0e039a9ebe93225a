"""Sliding-window pool resolution for decode backends shared across workers."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    allocator = model_runner.token_to_kv_pool_allocator
    window_tokens = int(getattr(allocator, "size_swa", 0) or 0)
    full_tokens = int(getattr(allocator, "size_full", window_tokens))
    if 0 < window_tokens <= full_tokens:
        cache = allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            return cache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.model_runner = model_runner
        self.speculative_num_steps = speculative_num_steps
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        if self.swa_pool is not None:
            logger.debug(
                "resolved SWA pool: size=%d size_swa=%d",
                self.swa_pool.size,
                self.swa_pool.size_swa,
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
