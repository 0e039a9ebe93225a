"""Decode backend that keeps free-slot watermarks for both cache regions.

Watermarks are fed from the allocator (full and sliding-window free counts
when available). Window mapping is done by the SWA pool resolved from the
runner's own KV pool.
"""

import time
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _RegionWatermark:
    __slots__ = ("name", "low", "low_ts")

    def __init__(self, name: str):
        self.name = name
        self.low: Optional[int] = None
        self.low_ts: Optional[float] = None

    def observe(self, free: int) -> None:
        if self.low is None or free < self.low:
            self.low = free
            self.low_ts = time.time()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.marks: Dict[str, _RegionWatermark] = {"full": _RegionWatermark("full")}
        if hasattr(self.allocator, "swa_available_size"):
            self.marks["swa"] = _RegionWatermark("swa")

    def _observe(self) -> None:
        if "swa" in self.marks:
            self.marks["full"].observe(int(self.allocator.full_available_size()))
            self.marks["swa"].observe(int(self.allocator.swa_available_size()))
        else:
            self.marks["full"].observe(int(self.allocator.available_size()))

    def forward_decode(self, loc: torch.Tensor):
        self._observe()
        swa_pool = self.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
