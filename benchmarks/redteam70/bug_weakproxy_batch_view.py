"""Lightweight per-step batch view for the hybrid sliding-window backend.

``DecodeBatchView`` holds a ``weakref.proxy`` to the model runner and looks up
the KV cache through the runner's allocator on demand, so the view reflects
whatever cache the allocator is currently indexing.
"""

from __future__ import annotations

import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodeBatchView:
    __slots__ = ("_runner", "out_cache_loc")

    def __init__(self, model_runner, out_cache_loc: torch.Tensor):
        self._runner = weakref.proxy(model_runner)
        self.out_cache_loc = out_cache_loc

    @property
    def allocator(self):
        return self._runner.token_to_kv_pool_allocator

    @property
    def kv_pool(self):
        return self.allocator.get_kvcache()

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.model_runner = model_runner
        self.page_size = page_size or model_runner.page_size

    def forward_decode(self, loc: torch.Tensor):
        view = DecodeBatchView(self.model_runner, loc)
        swa = view.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(view.out_cache_loc)
        return self.model_runner.token_to_kv_pool, view.out_cache_loc
