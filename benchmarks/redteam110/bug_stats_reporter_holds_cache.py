"""Decode backend with a memory stats reporter.

``KVMemoryReporter`` computes the byte footprint of the KV cache and the
allocator's free counters for the periodic memory log. The decode path reuses
the reporter's cache handle for the hybrid case so both always agree on which
cache is being described.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVMemoryReporter:
    def __init__(self, allocator, kv_cache: KVCache):
        self.allocator = allocator
        self.kv_cache = kv_cache
        self.hybrid = isinstance(kv_cache, SWAKVPool)

    def snapshot(self) -> Dict[str, float]:
        k_bytes, v_bytes = self.kv_cache.get_kv_size_bytes()
        snap = {
            "kv_bytes": float(k_bytes + v_bytes),
            "available_tokens": float(self.allocator.available_size()),
        }
        if self.hybrid:
            snap["swa_available_tokens"] = float(self.allocator.swa_available_size())
        return snap


class GeneratedAttnBackend:
    def __init__(self, model_runner, reporter: Optional[KVMemoryReporter] = None):
        allocator = model_runner.token_to_kv_pool_allocator
        self.reporter = reporter or KVMemoryReporter(allocator, allocator.get_kvcache())
        self.kv_pool = model_runner.token_to_kv_pool

    def log_memory(self) -> None:
        logger.info("KV memory: %s", self.reporter.snapshot())

    def forward_decode(self, loc: torch.Tensor):
        if self.reporter.hybrid:
            cache = self.reporter.kv_cache
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
