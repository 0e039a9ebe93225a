"""Decode backend with per-layout step counters.

The layout label comes from the KV pool the backend reads from; the
allocator is only consulted for the free-slot numbers that go into the
counters.
"""

from collections import Counter
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _StepCounters:
    label: str
    steps: Counter = field(default_factory=Counter)
    min_free: Optional[int] = None

    def observe(self, free_tokens: int) -> None:
        self.steps[self.label] += 1
        if self.min_free is None or free_tokens < self.min_free:
            self.min_free = free_tokens


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.counters = _StepCounters(label="hybrid" if self.swa_kv_pool is not None else "full")

    def forward_decode(self, loc: torch.Tensor):
        self.counters.observe(int(self.allocator.available_size()))
        if self.counters.label == "hybrid":
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
