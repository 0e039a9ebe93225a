"""Hybrid-attention decode backend with cached KV views.

``swa_kv_pool`` is memoised with ``functools.cached_property``; it is derived
from the KV cache that this runner's kernels read. The allocator is kept only
for capacity reporting.
"""

from __future__ import annotations

import functools
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend that reads either the full or the windowed KV buffers."""

    def __init__(self, model_runner, log_capacity: bool = True):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        if log_capacity:
            logger.info("KV slots available at init: %s", self.free_slots)

    @property
    def free_slots(self) -> int:
        return self._allocator.available_size()

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    @functools.cached_property
    def _translate(self):
        if self.swa_kv_pool is None:
            return lambda loc: loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.swa_kv_pool or self.kv_pool
        return pool, self._translate(loc)
