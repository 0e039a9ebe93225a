"""Sliding-window support mixin for decode attention backends.

``SlidingWindowKVMixin`` contributes the hybrid-SWA detection and location
translation so that concrete backends only implement the kernel dispatch.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SlidingWindowKVMixin:
    """Adds ``self.swa_pool`` and ``self.translate_for_swa`` to a backend."""

    swa_pool: Optional[SWAKVPool] = None

    def _init_sliding_window(self, model_runner) -> None:
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_pool = backing if isinstance(backing, SWAKVPool) else None

    @property
    def is_hybrid_swa(self) -> bool:
        return self.swa_pool is not None

    def translate_for_swa(self, loc: torch.Tensor) -> torch.Tensor:
        assert self.swa_pool is not None
        return self.swa_pool.translate_loc_from_full_to_swa(loc)


class _DecodeKernelMixin:
    def _select_read_pool(self, default_pool):
        return self.swa_pool if self.is_hybrid_swa else default_pool


class GeneratedAttnBackend(SlidingWindowKVMixin, _DecodeKernelMixin):
    """Triton-style decode backend with sliding-window support."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._init_sliding_window(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        pool = self._select_read_pool(self.token_to_kv_pool)
        if self.is_hybrid_swa:
            loc = self.translate_for_swa(loc)
        return pool, loc
