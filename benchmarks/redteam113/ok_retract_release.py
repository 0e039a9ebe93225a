"""Sliding-window decode backend with out-of-window slot reclamation.

Tokens that fall out of the attention window no longer need their SWA slots.
The backend returns them to the allocator (SWA side only when the allocator
supports it) and reads attention KV from the runner's pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.sliding_window_size = sliding_window_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.pool = pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self._reclaimed = 0

    def reclaim_out_of_window(self, kv_indices: torch.Tensor) -> int:
        """Release SWA slots for tokens older than the window."""
        if self.sliding_window_size is None or kv_indices.numel() <= self.sliding_window_size:
            return 0
        stale = kv_indices[: kv_indices.numel() - self.sliding_window_size]
        free_swa = getattr(self.allocator, "free_swa", None)
        if free_swa is None:
            return 0
        self.allocator.free_group_begin()
        try:
            free_swa(stale)
        finally:
            self.allocator.free_group_end()
        self._reclaimed += int(stale.numel())
        logger.debug("reclaimed %d out-of-window slots", stale.numel())
        return int(stale.numel())

    def retract(self, kv_indices: torch.Tensor) -> None:
        self.allocator.free(kv_indices)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
