"""Sliding-window decode backend exposing SWA occupancy ratios.

``swa_headroom_ratio`` / ``full_headroom_ratio`` are read by the scheduler's
periodic stats logger. Pool selection happens once, from the runner's pool.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 0):
        self.log_every = log_every
        self._steps = 0
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._pool: KVCache = model_runner.token_to_kv_pool
        self._swa: Optional[SWAKVPool] = self._pool if isinstance(self._pool, SWAKVPool) else None

    @property
    def full_headroom_ratio(self) -> float:
        total = max(int(self._allocator.size_full), 1)
        return float(self._allocator.available_size()) / total

    @property
    def swa_headroom_ratio(self) -> Optional[float]:
        if not hasattr(self._allocator, "size_swa"):
            return None
        total = max(int(self._allocator.size_swa), 1)
        return float(self._allocator.swa_available_size()) / total

    def _maybe_log(self) -> None:
        self._steps += 1
        if self.log_every and self._steps % self.log_every == 0:
            print(f"full={self.full_headroom_ratio:.3f} swa={self.swa_headroom_ratio}")

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_log()
        if self._swa is not None:
            return self._swa, self._swa.translate_loc_from_full_to_swa(loc)
        return self._pool, loc
