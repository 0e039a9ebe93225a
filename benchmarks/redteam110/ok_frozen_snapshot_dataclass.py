"""Decode backend that captures an immutable KV layout snapshot at startup.

The ``KVLayoutSnapshot`` is published on ``self.layout`` and consumed by the
server-info endpoint. It records names for the pool and allocator and their
sliding-window capacities; the decode path keys off the pool entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class KVLayoutSnapshot:
    pool_class: str
    allocator_class: str
    pool_swa_capacity: Optional[int]
    allocator_swa_capacity: Optional[int]
    page_size: int

    @property
    def pool_is_hybrid(self) -> bool:
        return self.pool_class == SWAKVPool.__name__

    @property
    def allocator_is_hybrid(self) -> bool:
        return self.allocator_swa_capacity is not None


def capture_layout(model_runner) -> KVLayoutSnapshot:
    pool = model_runner.token_to_kv_pool
    alloc = model_runner.token_to_kv_pool_allocator
    return KVLayoutSnapshot(
        pool_class=type(pool).__name__,
        allocator_class=type(alloc).__name__,
        pool_swa_capacity=getattr(pool, "size_swa", None),
        allocator_swa_capacity=getattr(alloc, "size_swa", None),
        page_size=model_runner.page_size,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.layout = capture_layout(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        if self.layout.pool_is_hybrid:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
