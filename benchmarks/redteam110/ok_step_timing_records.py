"""Decode backend that keeps a bounded history of per-step timing records.

Each record stores wall time spent preparing the read locations along with the
allocator's free counters at that step, which makes it straightforward to
correlate latency spikes with KV pressure.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import asdict, dataclass
from typing import Deque, List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeStepRecord:
    step: int
    num_tokens: int
    prepare_ms: float
    available_tokens: int
    swa_available_tokens: Optional[int]
    translated: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner, history_size: int = 256):
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self._swa_pool = self.token_to_kv_pool
        self.records: Deque[DecodeStepRecord] = deque(maxlen=history_size)
        self._step = 0

    def _swa_free(self) -> Optional[int]:
        fn = getattr(self.token_to_kv_pool_allocator, "swa_available_size", None)
        return fn() if fn is not None else None

    def forward_decode(self, loc: torch.Tensor):
        start = time.perf_counter()
        pool = self._swa_pool if self._swa_pool is not None else self.token_to_kv_pool
        locations = (
            self._swa_pool.translate_loc_from_full_to_swa(loc)
            if self._swa_pool is not None
            else loc
        )
        self._step += 1
        self.records.append(
            DecodeStepRecord(
                step=self._step,
                num_tokens=int(loc.numel()),
                prepare_ms=(time.perf_counter() - start) * 1e3,
                available_tokens=self.token_to_kv_pool_allocator.available_size(),
                swa_available_tokens=self._swa_free(),
                translated=self._swa_pool is not None,
            )
        )
        return pool, locations

    def export_records(self) -> List[dict]:
        return [asdict(r) for r in self.records]
