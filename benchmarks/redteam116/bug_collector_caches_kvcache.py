"""Decode backend paired with a memory collector for the metrics exporter.

The collector keeps a handle to the KV cache so it can report buffer bytes
without re-querying; the backend reuses that handle for its decode reads to
avoid a second lookup on the hot path.
"""

from typing import Dict

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVMemoryCollector:
    def __init__(self, allocator: BaseTokenToKVPoolAllocator):
        self.allocator = allocator
        self.kv_cache = allocator.get_kvcache()

    def collect(self) -> Dict[str, float]:
        samples = {
            "kv_free_tokens": float(self.allocator.available_size()),
            "kv_capacity_tokens": float(self.allocator.size_full),
        }
        if isinstance(self.kv_cache, SWAKVPool):
            samples["kv_swa_capacity_tokens"] = float(self.kv_cache.size_swa)
        return samples


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.collector = KVMemoryCollector(model_runner.token_to_kv_pool_allocator)
        self.device = model_runner.device

    def metrics(self) -> Dict[str, float]:
        return self.collector.collect()

    def forward_decode(self, loc: torch.Tensor):
        cache = self.collector.kv_cache
        if isinstance(cache, SWAKVPool):
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return cache, loc
