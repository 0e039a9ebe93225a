"""Decode backend that exports KV footprint gauges for the metrics collector."""

import logging
from typing import Dict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _bytes(pool: KVCache) -> int:
    size = pool.get_kv_size_bytes()
    return sum(size) if isinstance(size, tuple) else int(size)


class GeneratedAttnBackend:
    def __init__(self, model_runner, export_metrics: bool = True):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.metrics: Dict[str, float] = {}

        if export_metrics:
            shared_cache = allocator.get_kvcache()
            local_bytes = _bytes(self.kv_pool)
            shared_bytes = _bytes(shared_cache) if shared_cache is not self.kv_pool else 0
            self.metrics = {
                "kv_local_bytes": float(local_bytes),
                "kv_shared_bytes": float(shared_bytes),
                "kv_local_fraction": local_bytes / max(local_bytes + shared_bytes, 1),
            }
            logger.info("kv metrics: %s", self.metrics)

        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        return (swa, swa.translate_loc_from_full_to_swa(loc)) if swa else (self.kv_pool, loc)
