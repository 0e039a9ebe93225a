"""Decode view selection with ``functools.singledispatchmethod`` on the runner's pool."""

from __future__ import annotations

import functools
import logging
from typing import Callable, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

View = Callable[[torch.Tensor], Tuple[KVCache, torch.Tensor]]


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_splits: int = 4):
        self.kv_splits = kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._view: View = self._view_for(self.token_to_kv_pool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "decode view for %s (allocator %s)",
            type(self.token_to_kv_pool).__name__,
            type(allocator).__name__,
        )

    @functools.singledispatchmethod
    def _view_for(self, pool: KVCache) -> View:
        return lambda loc: (pool, loc)

    @_view_for.register
    def _(self, pool: SWAKVPool) -> View:
        translate = pool.translate_loc_from_full_to_swa
        return lambda loc: (pool, translate(loc))

    def forward_decode(self, loc: torch.Tensor):
        return self._view(loc)
