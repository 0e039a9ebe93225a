"""Hybrid sliding-window decode backend that exports per-step KV metrics, including how
many of the step's tokens already have an SWA slot (a prefetch hint)."""

import time
from dataclasses import asdict, dataclass
from typing import Dict, List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class StepMetrics:
    step: int
    full_free: int
    swa_free: int
    swa_backed_tokens: int
    wall_ms: float


class GeneratedAttnBackend:
    """Decode reads on the runner's own pool; metrics are read from the allocator."""

    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_swa_pool = isinstance(self.kv_pool, SWAKVPool)
        self.has_swa_allocator = hasattr(self.allocator, "swa_available_size")
        self.history: List[Dict] = []
        self._step = 0

    def _record(self, loc: torch.Tensor, t0: float) -> None:
        swa_backed = 0
        swa_free = 0
        if self.has_swa_allocator:
            swa_free = int(self.allocator.swa_available_size())
            swa_backed = int((self.allocator.translate_loc_from_full_to_swa(loc) > 0).sum())
        metrics = StepMetrics(
            step=self._step,
            full_free=int(self.allocator.available_size()),
            swa_free=swa_free,
            swa_backed_tokens=swa_backed,
            wall_ms=(time.perf_counter() - t0) * 1e3,
        )
        self.history.append(asdict(metrics))
        self._step += 1

    def forward_decode(self, loc: torch.Tensor):
        t0 = time.perf_counter()
        read_loc = self.kv_pool.translate_loc_from_full_to_swa(loc) if self.is_swa_pool else loc
        self._record(loc, t0)
        return self.kv_pool, read_loc
