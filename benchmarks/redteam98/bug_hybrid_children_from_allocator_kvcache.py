"""Hybrid attention backend that composes a full-attention child and a sliding-window child.

The wrapper inspects the token allocator once at construction time and instantiates the
sliding-window child only when the allocator manages a hybrid full/SWA cache.  Decode calls
are forwarded to whichever child was built.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class _FullAttnChild:
    """Reads KV straight from the full-attention buffers."""

    def __init__(self, kv_pool: KVCache):
        self.kv_pool = kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, loc


class _SlidingWindowChild:
    """Reads KV from the SWA buffers, remapping full-pool ids to SWA ids."""

    def __init__(self, swa_pool: KVCache, window_size: Optional[int] = None):
        self.swa_pool = swa_pool
        self.window_size = window_size

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator

        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.child = _SlidingWindowChild(allocator.get_kvcache(), sliding_window_size)
            logger.info("Hybrid backend: using sliding-window child")
        else:
            self.child = _FullAttnChild(model_runner.token_to_kv_pool)
            logger.info("Hybrid backend: using full-attention child")

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
