"""Decode KV view with a warmup phase and a steady phase.

During warmup (the first ``warmup_steps`` decode steps, while CUDA graphs are
captured) locations are translated through the token allocator, which keeps
the live full-to-window mapping during capture. After warmup the view switches
to translating through its resolved SWA pool.
"""

from enum import Enum
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class Phase(Enum):
    WARMUP = 0
    STEADY = 1


class GeneratedAttnBackend:
    def __init__(self, model_runner, warmup_steps: int = 2):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.windowed = hasattr(self.allocator, "translate_loc_from_full_to_swa")
        self.warmup_steps = warmup_steps
        self.phase = Phase.WARMUP
        self.step = 0

    def _advance_phase(self) -> None:
        self.step += 1
        if self.phase is Phase.WARMUP and self.step > self.warmup_steps:
            self.phase = Phase.STEADY

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._advance_phase()
        if not self.windowed:
            return self.kv_pool, loc
        if self.phase is Phase.WARMUP:
            target = self.swa_pool or self.kv_pool
            return target, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
