"""Decode backend that records a per-step cache snapshot.

Snapshots carry allocator free counts (window counts included on hybrid
allocators) plus a layout flag taken from the pool the backend reads.
"""

import time
from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class _StepSnapshot:
    ts: float
    full_free: int
    swa_free: Optional[int]
    pool_has_window: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner, keep_last: int = 16):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.keep_last = keep_last
        self.snapshots: List[_StepSnapshot] = []

    def _capture(self) -> _StepSnapshot:
        swa_free = None
        if hasattr(self.allocator, "swa_available_size"):
            swa_free = int(self.allocator.swa_available_size())
        snap = _StepSnapshot(
            ts=time.time(),
            full_free=int(self.allocator.available_size()),
            swa_free=swa_free,
            pool_has_window=isinstance(self.pool, SWAKVPool),
        )
        self.snapshots.append(snap)
        if len(self.snapshots) > self.keep_last:
            self.snapshots.pop(0)
        return snap

    def forward_decode(self, loc: torch.Tensor):
        snap = self._capture()
        if snap.pool_has_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
