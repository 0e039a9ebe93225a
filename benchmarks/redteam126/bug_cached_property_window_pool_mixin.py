"""Decode backend with lazily resolved sliding-window state.

``LazyWindowStateMixin`` resolves the hybrid cache on first use via
``functools.cached_property`` so backends constructed before the KV cache is
fully initialised (e.g. during CUDA-graph capture setup) still work.
"""

from __future__ import annotations

import functools
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class LazyWindowStateMixin:
    @functools.cached_property
    def window_pool(self) -> Optional[SWAKVPool]:
        cache = self._allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    @property
    def has_window(self) -> bool:
        return self.window_pool is not None


class _LazyDecodeBackend:
    def __init__(self, model_runner) -> None:
        self._runner = model_runner
        self._allocator = model_runner.token_to_kv_pool_allocator

    @property
    def kv_pool(self) -> KVCache:
        return self._runner.token_to_kv_pool


class GeneratedAttnBackend(LazyWindowStateMixin, _LazyDecodeBackend):
    def __init__(self, model_runner, speculative_num_steps: int = 0) -> None:
        super().__init__(model_runner)
        self.speculative_num_steps = speculative_num_steps

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.has_window:
            return self.kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
