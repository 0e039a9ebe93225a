"""Decode KV view whose state is an immutable record.

The constructor records the window flag; ``begin_step`` derives the next
state with ``dataclasses.replace`` and refreshes the pool handle from the
allocator's managed cache so that a cache resized between steps is picked up.
"""

import dataclasses
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class StepState:
    pool: KVCache
    window: bool
    step: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 1000):
        self.model_runner = model_runner
        self.log_every = log_every
        pool = model_runner.token_to_kv_pool
        self.state = StepState(pool=pool, window=isinstance(pool, SWAKVPool))
        self._prev: Optional[StepState] = None

    def begin_step(self) -> StepState:
        managed = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        self._prev = self.state
        self.state = dataclasses.replace(self.state, pool=managed, step=self.state.step + 1)
        if self.state.step % self.log_every == 0:
            logger.info("decode step %d (window=%s)", self.state.step, self.state.window)
        return self.state

    def rollback(self) -> None:
        if self._prev is not None:
            self.state, self._prev = self._prev, None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        st = self.begin_step()
        if st.window:
            return st.pool, st.pool.translate_loc_from_full_to_swa(loc)
        return st.pool, loc
