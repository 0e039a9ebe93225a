"""Decode backend that takes an immutable cache snapshot per step.

``KVSnapshot`` captures the allocator's free counts (full and window) with a
timestamp; ``is_hybrid`` is set when the window count is present and selects
window-local indices for the step.
"""

import time
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator


@dataclass(frozen=True)
class KVSnapshot:
    ts: float
    full_free: int
    swa_free: Optional[int]

    @property
    def is_hybrid(self) -> bool:
        return self.swa_free is not None

    @classmethod
    def capture(cls, allocator: BaseTokenToKVPoolAllocator) -> "KVSnapshot":
        swa_fn = getattr(allocator, "swa_available_size", None)
        if swa_fn is None:
            return cls(time.time(), int(allocator.available_size()), None)
        return cls(time.time(), int(allocator.full_available_size()), int(swa_fn()))


class GeneratedAttnBackend:
    def __init__(self, model_runner, keep_last: int = 8):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.keep_last = keep_last
        self.history = []

    def _snapshot(self) -> KVSnapshot:
        snap = KVSnapshot.capture(self.allocator)
        self.history.append(snap)
        del self.history[: -self.keep_last]
        return snap

    def forward_decode(self, loc: torch.Tensor):
        snap = self._snapshot()
        if snap.is_hybrid:
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
            pool = self.allocator.get_kvcache()
        else:
            pool = self.token_to_kv_pool
        return pool, loc
