"""Hybrid attention backend composing a full-attention child and a sliding-window child.

The child is chosen from the KV pool this runner reads.  The allocator is only consulted to
report free capacity when the backend is constructed.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FullAttentionChild:
    def __init__(self, kv_pool: KVCache):
        self.kv_pool = kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, loc


class SlidingWindowChild:
    def __init__(self, swa_pool: SWAKVPool):
        self.swa_pool = swa_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(pool, SWAKVPool):
            self.child = SlidingWindowChild(pool)
        else:
            self.child = FullAttentionChild(pool)
        logger.info(
            "%s using %s (allocator free tokens=%d)",
            type(self).__name__,
            type(self.child).__name__,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
