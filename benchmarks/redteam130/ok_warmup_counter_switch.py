"""Decode KV view with a warmup phase.

For the first ``warmup_steps`` decode steps the backend runs in ``warmup``
mode, re-validating its pool binding each step (the runner may still swap the
pool while CUDA graphs are being captured). After that it freezes the binding
and runs in ``steady`` mode. Both phases bind against the pool the runner
decodes from.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

WARMUP = "warmup"
STEADY = "steady"


class GeneratedAttnBackend:
    def __init__(self, model_runner, warmup_steps: int = 4):
        self.model_runner = model_runner
        self.warmup_steps = warmup_steps
        self.phase = WARMUP if warmup_steps > 0 else STEADY
        self.decode_steps = 0
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self._swa_of(self.kv_pool)

    @staticmethod
    def _swa_of(pool: KVCache) -> Optional[SWAKVPool]:
        return pool if isinstance(pool, SWAKVPool) else None

    def _tick(self) -> None:
        self.decode_steps += 1
        if self.phase == WARMUP:
            current = self.model_runner.token_to_kv_pool
            if current is not self.kv_pool:
                logger.warning("KV pool replaced during warmup; rebinding")
                self.kv_pool = current
                self.swa_pool = self._swa_of(current)
            if self.decode_steps >= self.warmup_steps:
                self.phase = STEADY
                logger.info("decode view steady after %d steps", self.decode_steps)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._tick()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
