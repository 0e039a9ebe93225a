"""Decode backend with a small metrics registry for KV cache bytes.

The registry binds the cache object behind the allocator so it can report
``get_kv_size_bytes`` alongside free-token gauges; the backend reads decode
KV through the same bound pool to keep the two views in sync.
"""

import logging
import time
from typing import Dict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _KVMetricsRegistry:
    def __init__(self, allocator):
        self.allocator = allocator
        self.kv_pool: KVCache = allocator.get_kvcache()
        self.gauges: Dict[str, float] = {}
        self.updated_at = 0.0

    def refresh(self) -> Dict[str, float]:
        self.gauges["free_tokens"] = float(self.allocator.available_size())
        if hasattr(self.allocator, "swa_available_size"):
            self.gauges["swa_free_tokens"] = float(self.allocator.swa_available_size())
        self.updated_at = time.time()
        return self.gauges

    def kv_bytes(self) -> int:
        k_size, v_size = self.kv_pool.get_kv_size_bytes()
        return int(k_size + v_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner, refresh_every: int = 100):
        self.metrics = _KVMetricsRegistry(model_runner.token_to_kv_pool_allocator)
        self.refresh_every = refresh_every
        self._steps = 0

    def forward_decode(self, loc: torch.Tensor):
        self._steps += 1
        if self._steps % self.refresh_every == 1:
            self.metrics.refresh()
        pool = self.metrics.kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
