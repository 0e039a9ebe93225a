"""Decode backend that keeps a per-step active pool handle.

The handle is refreshed at the end of every step (in a ``finally`` clause, so it is also
restored after a failed step) from the canonical KV cache behind the allocator, which
keeps the backend in sync with pool resizes done by the scheduler.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, reuse_kv: bool = False):
        self.model_runner = model_runner
        self.reuse_kv = reuse_kv
        self.active_pool: Optional[KVCache] = None
        self._steps = 0

    def _refresh_active_pool(self) -> None:
        self.active_pool = self.model_runner.token_to_kv_pool_allocator.get_kvcache()

    def _prepare(self, loc: torch.Tensor) -> torch.Tensor:
        if self.active_pool is None:
            self._refresh_active_pool()
        if isinstance(self.active_pool, SWAKVPool):
            return self.active_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        try:
            locations = self._prepare(loc)
            pool = self.active_pool
        finally:
            self._steps += 1
            self._refresh_active_pool()
        return pool, locations
