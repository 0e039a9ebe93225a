"""Decode planning with an immutable ``NamedTuple`` plan and dataclass stats.

The plan pairs the KV pool read by this runner with its location mapping;
``DecodeStats`` collects allocator occupancy samples for metrics export.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, List, NamedTuple, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodePlan(NamedTuple):
    pool: KVCache
    map_loc: Callable[[torch.Tensor], torch.Tensor]
    windowed: bool = False

    @classmethod
    def for_pool(cls, pool: KVCache) -> "DecodePlan":
        if isinstance(pool, SWAKVPool):
            return cls(pool, pool.translate_loc_from_full_to_swa, True)
        return cls(pool, lambda loc: loc)


@dataclasses.dataclass
class DecodeStats:
    free_samples: List[int] = dataclasses.field(default_factory=list)
    steps: int = 0

    def __post_init__(self) -> None:
        if self.steps < 0:
            raise ValueError("steps must be non-negative")

    def record(self, free: int) -> None:
        self.steps += 1
        self.free_samples.append(free)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend executing a precomputed ``DecodePlan``."""

    def __init__(self, model_runner, collect_stats: bool = True):
        super().__init__()
        self.plan = DecodePlan.for_pool(model_runner.token_to_kv_pool)
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.stats = DecodeStats() if collect_stats else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.stats is not None:
            self.stats.record(self._allocator.available_size())
        pool, map_loc, _ = self.plan
        return pool, map_loc(loc)
