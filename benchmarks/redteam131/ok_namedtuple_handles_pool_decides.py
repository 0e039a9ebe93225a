"""Immutable handle bundling the KV pool with its allocator.

The pool decides how decode addresses the cache; the allocator rides along so
debugging helpers can print occupancy without reaching into the runner.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVHandles(NamedTuple):
    pool: KVCache
    allocator: Any
    page_size: int

    @classmethod
    def from_runner(cls, model_runner) -> "KVHandles":
        return cls(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            model_runner.page_size,
        )

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.pool if isinstance(self.pool, SWAKVPool) else None

    def describe(self) -> str:
        return f"{type(self.pool).__name__} | {self.allocator.debug_print()}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.handles = KVHandles.from_runner(model_runner)
        self.num_kv_splits = num_kv_splits

    def __repr__(self) -> str:
        return f"GeneratedAttnBackend({self.handles.describe()})"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.handles.swa_pool
        if swa_pool is None:
            return self.handles.pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
