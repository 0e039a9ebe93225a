"""Decode backend for hybrid SWA models with periodic occupancy logging.

When the allocator tracks full and sliding-window slots separately we log both
headrooms every ``log_every`` decode steps; the windowed side usually runs out
first and is the more useful number when tuning ``--swa-full-tokens-ratio``.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 100):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.log_every = log_every
        self._step = 0

        self._alloc_tracks_swa = hasattr(self.allocator, "swa_available_size")
        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None

    def _log_occupancy(self) -> None:
        self._step += 1
        if self._step % self.log_every != 1:
            return
        if self._alloc_tracks_swa:
            logger.info(
                "decode step %d: full free=%d/%d, swa free=%d/%d",
                self._step,
                self.allocator.full_available_size(),
                self.allocator.size_full,
                self.allocator.swa_available_size(),
                self.allocator.size_swa,
            )
        else:
            logger.info(
                "decode step %d: free=%d/%d",
                self._step,
                self.allocator.available_size(),
                self.allocator.size,
            )

    def forward_decode(self, loc: torch.Tensor):
        self._log_occupancy()
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
