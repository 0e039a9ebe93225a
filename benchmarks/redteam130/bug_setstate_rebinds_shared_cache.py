"""Snapshot-friendly decode KV view.

The backend keeps its pool handles out of the pickled state; on restore they
are rebuilt from the shared token allocator, which owns the canonical cache
object for the process. ``forward_decode`` works on a ``copy.copy`` snapshot so
per-step counters can be rolled back on CUDA-graph capture failure.
"""

import copy
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_steps: Optional[int] = None):
        self.model_runner = model_runner
        self.max_steps = max_steps
        self.steps_done = 0
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop("pool", None)
        state.pop("swa_pool", None)
        return state

    def __setstate__(self, state) -> None:
        self.__dict__.update(state)
        cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.pool = cache
        self.swa_pool = cache if isinstance(cache, SWAKVPool) else None
        logger.debug("restored decode view on %s", type(cache).__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        view = copy.copy(self)
        view.steps_done += 1
        self.steps_done = view.steps_done
        if view.swa_pool is not None:
            return view.swa_pool, view.swa_pool.translate_loc_from_full_to_swa(loc)
        return view.pool, loc
