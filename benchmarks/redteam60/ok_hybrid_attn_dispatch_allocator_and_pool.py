"""Hybrid attention backend wrapper for models mixing full and sliding-window layers.

Delegates decode to a full-attention backend or a sliding-window backend; the sliding-window
backend is only enabled when the runner's allocator and KV pool are both hybrid SWA.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _FullDecodeBackend:
    def __init__(self, pool):
        self.pool = pool

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, loc


class _SlidingWindowDecodeBackend:
    def __init__(self, pool: SWAKVPool, window_left: int):
        self.pool = pool
        self.window_left = window_left

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    """Routes decode to the sliding-window backend on hybrid SWA runners."""

    def __init__(self, model_runner, window_left: int = 4096):
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.full_backend = _FullDecodeBackend(pool)
        self.swa_backend: Optional[_SlidingWindowDecodeBackend] = None
        if isinstance(allocator, SWATokenToKVPoolAllocator) and isinstance(pool, SWAKVPool):
            self.swa_backend = _SlidingWindowDecodeBackend(pool, window_left)

    def _select_backend(self, use_sliding_window: bool):
        if use_sliding_window and self.swa_backend is not None:
            return self.swa_backend
        return self.full_backend

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.out_cache_loc = out_cache_loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        backend = self._select_backend(use_sliding_window=True)
        return backend.forward_decode(self.out_cache_loc)
