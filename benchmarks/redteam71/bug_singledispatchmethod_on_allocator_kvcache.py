"""Decode view selection with ``functools.singledispatchmethod`` on the KV cache type.

The cache handed to ``_view_for`` is the one the allocator was built against.
"""

from __future__ import annotations

import functools
import logging

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_splits: int = 4):
        self.kv_splits = kv_splits
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kvcache = self.allocator.get_kvcache()
        self._view = self._view_for(kvcache)
        logger.debug("decode view for %s", type(kvcache).__name__)

    @functools.singledispatchmethod
    def _view_for(self, kvcache: KVCache):
        pool = self.token_to_kv_pool
        return lambda loc: (pool, loc)

    @_view_for.register
    def _(self, kvcache: SWAKVPool):
        return lambda loc: (kvcache, kvcache.translate_loc_from_full_to_swa(loc))

    def forward_decode(self, loc: torch.Tensor):
        return self._view(loc)
