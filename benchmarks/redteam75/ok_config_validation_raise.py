"""Sliding-window decode backend with start-up validation.

A runner whose pool carries sliding-window buffers must be paired with an
allocator that tracks the window's free list; misconfigured launches are
rejected early instead of corrupting memory later.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _validate_allocator(pool, allocator: BaseTokenToKVPoolAllocator) -> None:
    if isinstance(pool, SWAKVPool) and not isinstance(allocator, SWATokenToKVPoolAllocator):
        raise ValueError(
            f"{type(pool).__name__} requires SWATokenToKVPoolAllocator, "
            f"got {type(allocator).__name__}"
        )
    if isinstance(allocator, SWATokenToKVPoolAllocator) and allocator.size_swa <= 0:
        raise ValueError("sliding-window allocator was created with an empty window pool")


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = True):
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if strict:
            _validate_allocator(pool, allocator)
        self.pool = pool
        self.is_swa = isinstance(pool, SWAKVPool)
        if isinstance(allocator, SWATokenToKVPoolAllocator) and not self.is_swa:
            logger.info(
                "Runner uses a full-attention pool with a shared SWA allocator "
                "(swa window tokens=%d)",
                allocator.size_swa,
            )

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_swa:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
